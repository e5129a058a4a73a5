/** Set by the shared webpack factory (DefinePlugin); jest tests define them in their setup. */
declare const __FORECOURT_TEAM__: string;
declare const __FORECOURT_VERSION__: string;
declare const __FORECOURT_FAULT__: string;
