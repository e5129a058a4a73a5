import { standing } from '../pins/canary-alerts';
import { judgeWave, planWaves, waveSettingsProblems, type WaveSettings } from './waves';

const SETTINGS: WaveSettings = {
  waves: [1, 10, 50, 100],
  canaryPercent: 20,
  soakMinutes: 30,
  minMounts: 50,
  deadlineMinutes: 120,
  marginPercent: 5,
};
const START = new Date('2026-12-08T00:00:00Z');
const minutes = (count: number) => new Date(START.getTime() + count * 60_000);
const fleet = (count: number) => Array.from({ length: count }, (_, i) => `dealer-${i + 1}`);

describe('planWaves', () => {
  it('puts every tenant in exactly one wave, each wave its share rounded up', () => {
    const waves = planWaves('r1', fleet(500), [1, 10, 50, 100]);
    expect(waves.map((wave) => wave.length)).toEqual([5, 45, 200, 250]);
    expect(new Set(waves.flat()).size).toBe(500);
  });

  it("gives a small fleet's first wave one tenant and leaves out waves that would be empty", () => {
    expect(planWaves('r1', fleet(3), [1, 10, 50, 100]).map((wave) => wave.length)).toEqual([1, 1, 1]);
    expect(planWaves('r1', fleet(12), [25, 50, 100]).map((wave) => wave.length)).toEqual([3, 3, 6]);
  });

  it('draws the order from the rollout: the same for the same rollout, another for the next', () => {
    expect(planWaves('r1', fleet(40), [10, 100])).toEqual(planWaves('r1', [...fleet(40)].reverse(), [10, 100]));
    expect(planWaves('r1', fleet(40), [10, 100])[0]).not.toEqual(planWaves('r2', fleet(40), [10, 100])[0]);
  });
});

describe('waveSettingsProblems', () => {
  it('names waves that do not rise to 100, and a deadline before the soak ends', () => {
    expect(waveSettingsProblems({ ...SETTINGS, waves: [10, 5, 90], deadlineMinutes: 10 })).toEqual([
      { field: 'waves.1', reason: 'must be more than the wave before it' },
      { field: 'waves.2', reason: 'the last wave must reach 100' },
      { field: 'deadlineMinutes', reason: 'must be at least the soak time' },
    ]);
    expect(waveSettingsProblems(SETTINGS)).toEqual([]);
  });
});

describe('judgeWave', () => {
  const judge = (canary: [number, number], pin: [number, number], at: number) =>
    judgeWave({
      canary: standing('1.2.0', { clean: canary[0], failures: canary[1] }),
      pin: standing('1.1.0', { clean: pin[0], failures: pin[1] }),
      startedAt: START,
      now: minutes(at),
      settings: SETTINGS,
    });

  it('advances once soaked with enough clean mounts', () => {
    expect(judge([60, 1], [300, 3], 31).kind).toBe('advance');
  });

  it('waits while soaking, even with every mount it needs', () => {
    expect(judge([60, 0], [300, 0], 10)).toEqual({ kind: 'wait', reason: 'soaking: 20 min to go' });
  });

  it('halts a version that fails on mount, saying how much worse than the pins', () => {
    expect(judge([0, 50], [200, 2], 5)).toEqual({
      kind: 'halt',
      reason: '1.2.0 failed 100% of 50 mounts against 1% of 202 for the pinned versions, more than 5 points worse',
    });
  });

  it('never advances on time alone: short of its mounts at the deadline it pauses', () => {
    expect(judge([10, 0], [40, 0], 90).kind).toBe('wait');
    expect(judge([10, 0], [40, 0], 120)).toEqual({
      kind: 'pause',
      reason: 'only 10 of the 50 mounts needed within 120 min: an operator decides',
    });
  });
});
