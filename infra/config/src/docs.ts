import { CONFIG_SCHEMA, type ConfigName } from './schema';

/** The markers in docs/deploy.md between which the generated table lives. */
export const TABLE_START = '<!-- config-table:start -->';
export const TABLE_END = '<!-- config-table:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The schema as a Markdown table, one row per variable, in the schema's order. */
export function configTable(): string {
  const rows = (Object.keys(CONFIG_SCHEMA) as ConfigName[]).map((name) => {
    const spec: (typeof CONFIG_SCHEMA)[ConfigName] = CONFIG_SCHEMA[name];
    const variable = spec.secret ? `\`${name}\` or \`${name}_FILE\`` : `\`${name}\``;
    const required = 'requiredInProduction' in spec && spec.requiredInProduction ? 'yes' : '';
    return `| ${variable} | ${cell(spec.default)} | ${spec.secret ? 'yes' : ''} | ${required} | ${spec.readBy.join(', ')} | ${cell(spec.description)} |`;
  });
  return [
    '| Variable | Default | Secret | Required in production | Read by | What it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The document with the text between the markers replaced by the generated table. */
export function withConfigTable(doc: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/deploy.md must hold ${TABLE_START} and ${TABLE_END}, in that order`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${configTable()}\n${doc.slice(end)}`;
}
