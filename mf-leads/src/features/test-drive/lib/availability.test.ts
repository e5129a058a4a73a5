import { isOffered, testDriveAvailability, type SpecialDay, type WeeklyHours } from './availability';

// Sales hours like the demo's: weekdays 8:30-5:30, Saturday 9-4, closed Sunday.
const weekly: WeeklyHours[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0
    ? { weekday, status: 'Closed', open: null, close: null }
    : weekday === 6
      ? { weekday, status: 'Open', open: '09:00', close: '16:00' }
      : { weekday, status: 'Open', open: '08:30', close: '17:30' },
);
const BRISBANE = 'Australia/Brisbane';
// Monday 24 November 2025, 9:10 am in Brisbane (UTC+10, no daylight saving).
const mondayMorning = new Date('2025-11-23T23:10:00Z');

describe('test-drive times', () => {
  it('offers today from two hours ahead, every half hour, the last one ending at closing', () => {
    const [today] = testDriveAvailability({ weekly, special: [], booked: [], now: mondayMorning, timeZone: BRISBANE });
    expect(today?.date).toBe('2025-11-24');
    expect(today?.times[0]).toBe('11:30');
    expect(today?.times.at(-1)).toBe('17:00');
  });

  it('offers nothing on a day the location is closed (Sunday)', () => {
    const days = testDriveAvailability({ weekly, special: [], booked: [], now: mondayMorning, timeZone: BRISBANE });
    expect(days.map((day) => day.date)).not.toContain('2025-11-30');
    expect(days.find((day) => day.date === '2025-11-29')?.times).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
    ]);
  });

  it('leaves out the times already booked', () => {
    const days = testDriveAvailability({
      weekly,
      special: [],
      booked: ['2025-11-25T10:00', '2025-11-25T10:30'],
      now: mondayMorning,
      timeZone: BRISBANE,
    });
    const tuesday = days.find((day) => day.date === '2025-11-25')!;
    expect(tuesday.times).toContain('09:30');
    expect(tuesday.times).not.toContain('10:00');
    expect(tuesday.times).not.toContain('10:30');
  });

  it('follows special days: closed and by-appointment days offer nothing, a short day its own hours', () => {
    const special: SpecialDay[] = [
      { date: '2025-11-25', status: 'Closed', start_hour: null, end_hour: null },
      { date: '2025-11-26', status: 'By appointment only', start_hour: null, end_hour: null },
      { date: '2025-11-27', status: 'Open', start_hour: '09:00', end_hour: '10:30' },
    ];
    const days = testDriveAvailability({ weekly, special, booked: [], now: mondayMorning, timeZone: BRISBANE });
    expect(days.map((day) => day.date)).not.toContain('2025-11-25');
    expect(days.map((day) => day.date)).not.toContain('2025-11-26');
    expect(days.find((day) => day.date === '2025-11-27')?.times).toEqual(['09:00', '09:30', '10:00']);
  });

  it('offers two weeks ahead and no further', () => {
    const days = testDriveAvailability({ weekly, special: [], booked: [], now: mondayMorning, timeZone: BRISBANE });
    expect(days.at(-1)?.date).toBe('2025-12-06');
  });

  it('tells an offered time from one that is not', () => {
    const days = testDriveAvailability({ weekly, special: [], booked: [], now: mondayMorning, timeZone: BRISBANE });
    expect(isOffered(days, '2025-11-25T09:00')).toBe(true);
    expect(isOffered(days, '2025-11-25T08:00')).toBe(false);
    expect(isOffered(days, '2025-11-30T10:00')).toBe(false);
  });
});
