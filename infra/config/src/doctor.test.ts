import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { doctorReport, formatDoctorReport, maskSecret } from './doctor';

const rowOf = (env: NodeJS.ProcessEnv, name: string) => doctorReport(env).rows.find(([variable]) => variable === name);

describe('forecourt doctor', () => {
  it('shows a secret as its first two characters and stars, never the secret', () => {
    const report = doctorReport({ FORECOURT_ADMIN_TOKEN: 'sup3r-secret-token' });
    expect(rowOf({ FORECOURT_ADMIN_TOKEN: 'sup3r-secret-token' }, 'FORECOURT_ADMIN_TOKEN')).toEqual([
      'FORECOURT_ADMIN_TOKEN',
      'su****',
      'environment',
    ]);
    expect(formatDoctorReport(report)).not.toContain('sup3r-secret-token');
  });

  it('masks a short secret entirely', () => {
    expect(maskSecret('abc')).toBe('****');
  });

  it('shows plain values as they are, and the default where nothing is set', () => {
    expect(rowOf({ PORT: '8200' }, 'PORT')).toEqual(['PORT', '8200', 'environment']);
    expect(rowOf({}, 'PORT')).toEqual(['PORT', '8080', 'default']);
  });

  it('says a secret came from a file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-doctor-'));
    try {
      await fs.writeFile(path.join(dir, 'token'), 'file-held-token\n');
      expect(rowOf({ FORECOURT_ADMIN_TOKEN_FILE: path.join(dir, 'token') }, 'FORECOURT_ADMIN_TOKEN')).toEqual([
        'FORECOURT_ADMIN_TOKEN',
        'fi****',
        'file',
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('lists what production lacks and says the server would refuse', () => {
    const report = doctorReport({ NODE_ENV: 'production' });
    expect(report.refused).toBe(true);
    expect(formatDoctorReport(report)).toMatch(/The server would refuse to start:\n {2}- missing: .*DATABASE_URL/);
  });

  it('reports a bad value and says the server would refuse', () => {
    const report = doctorReport({ PORT: 'eighty' });
    expect(report.refused).toBe(true);
    expect(report.problems).toEqual(["PORT must be a port number, not 'eighty'"]);
    expect(rowOf({ PORT: 'eighty' }, 'PORT')).toEqual(['PORT', 'eighty', 'environment']);
  });

  it('says a development start would go ahead', () => {
    const report = doctorReport({});
    expect(report.refused).toBe(false);
    expect(formatDoctorReport(report)).toContain('The server would start with this configuration.');
  });
});
