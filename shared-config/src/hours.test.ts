import { hoursOn, openNow, zonedClock, type SpecialDay, type WeeklyHours } from './hours';

// Sales hours like the demo's: weekdays 8:30-5:30, Saturday 9-4, closed Sunday.
const weekly: WeeklyHours[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0
    ? { weekday, status: 'Closed', open: null, close: null }
    : weekday === 6
      ? { weekday, status: 'Open', open: '09:00', close: '16:00' }
      : { weekday, status: 'Open', open: '08:30', close: '17:30' },
);
const BRISBANE = 'Australia/Brisbane';
const SYDNEY = 'Australia/Sydney';
// Monday 24 November 2025, 9:10 am in Brisbane (UTC+10, no daylight saving), 10:10 am in Sydney (UTC+11 in summer).
const mondayMorning = new Date('2025-11-23T23:10:00Z');

describe("the dealer's clock", () => {
  it('reads the date and time in the dealer zone, not the machine one', () => {
    expect(zonedClock(mondayMorning, BRISBANE)).toEqual({ date: '2025-11-24', weekday: 1, minutes: 9 * 60 + 10 });
    expect(zonedClock(mondayMorning, 'Australia/Perth').date).toBe('2025-11-24');
    expect(zonedClock(mondayMorning, 'UTC').date).toBe('2025-11-23');
  });
});

describe('the hours of a date', () => {
  const special: SpecialDay[] = [
    { date: '2025-12-25', status: 'Closed', start_hour: null, end_hour: null },
    { date: '2025-12-31', status: 'Open', start_hour: '09:00', end_hour: '13:00' },
    { date: '2026-01-02', status: 'By appointment only', start_hour: null, end_hour: null },
  ];

  it("are the weekday's on an ordinary day", () => {
    expect(hoursOn('2025-11-28', 5, weekly, special)).toEqual({ open: '08:30', close: '17:30' });
  });

  it("are the special day's on its date (a short New Year's Eve)", () => {
    expect(hoursOn('2025-12-31', 3, weekly, special)).toEqual({ open: '09:00', close: '13:00' });
  });

  it('are none on a closed public holiday, or a day by appointment only', () => {
    expect(hoursOn('2025-12-25', 4, weekly, special)).toBeNull();
    expect(hoursOn('2026-01-02', 5, weekly, special)).toBeNull();
  });
});

describe('open now', () => {
  it('is open at 9:10 on a Monday morning in Brisbane', () => {
    expect(openNow(mondayMorning, BRISBANE, weekly, []).open).toBe(true);
  });

  it("answers on the dealer's clock: 8:10 am in Perth is before a Perth dealer opens at 8:30", () => {
    // The same instant: 9:10 in Brisbane, but 7:10 in Perth (UTC+8).
    expect(openNow(mondayMorning, 'Australia/Perth', weekly, []).open).toBe(false);
  });

  it('follows daylight saving: 5:00 pm Brisbane is 6:00 pm Sydney in summer, after Sydney closes', () => {
    const fivePmBrisbane = new Date('2025-11-24T07:00:00Z');
    expect(openNow(fivePmBrisbane, BRISBANE, weekly, []).open).toBe(true);
    expect(openNow(fivePmBrisbane, SYDNEY, weekly, []).open).toBe(false);
  });

  it('is closed at closing time itself', () => {
    const closing = new Date('2025-11-24T07:30:00Z'); // 5:30 pm in Brisbane
    expect(openNow(closing, BRISBANE, weekly, []).open).toBe(false);
  });

  it('is closed on a public holiday that falls on a weekday', () => {
    const christmasMorning = new Date('2025-12-25T00:00:00Z'); // 10 am Thursday in Brisbane
    expect(
      openNow(christmasMorning, BRISBANE, weekly, [
        { date: '2025-12-25', status: 'Closed', start_hour: null, end_hour: null },
      ]),
    ).toEqual({ open: false, today: null });
  });
});
