import { formatTable } from '@forecourt/runtime/table';
import { inspectConfig, productionProblems, type Config } from './load';
import { CONFIG_SCHEMA, type ConfigName } from './schema';

/** A secret as `forecourt doctor` shows it: enough to tell two apart, never enough to use. */
export function maskSecret(value: string): string {
  return value.length <= 4 ? '****' : `${value.slice(0, 2)}****`;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export interface DoctorReport {
  /** Variable, value (secrets masked), source: one row per variable of the schema. */
  rows: string[][];
  /** Bad values, and with NODE_ENV=production what production still lacks. */
  problems: string[];
  /** Whether the server would refuse to start with this environment. */
  refused: boolean;
}

/** The effective configuration and what would stop the server, for `forecourt doctor`. */
export function doctorReport(env: NodeJS.ProcessEnv): DoctorReport {
  const { values, raw, sources, problems } = inspectConfig(env);
  const rows = (Object.keys(CONFIG_SCHEMA) as ConfigName[]).map((name) => {
    const spec: (typeof CONFIG_SCHEMA)[ConfigName] = CONFIG_SCHEMA[name];
    const source = sources[name];
    const text = source === 'default' ? spec.default : shown(values[name] ?? raw[name]);
    return [name, spec.secret && source !== 'default' ? maskSecret(text) : text, source];
  });
  const all = problems.length ? problems : productionProblems(values as Config);
  return { rows, problems: all, refused: all.length > 0 };
}

/** The report as the terminal shows it. */
export function formatDoctorReport(report: DoctorReport): string {
  const table = formatTable(['Variable', 'Value', 'Source'], report.rows);
  const verdict = report.refused
    ? `\nThe server would refuse to start:\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}`
    : '\nThe server would start with this configuration.';
  return `${table}\n${verdict}`;
}
