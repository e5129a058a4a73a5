import type { OpeningHour } from '../contract';
import { formatTime, hourTypes, statusNow, upcomingSpecialHours, weekRows } from './hours';
import { SALES_HOURS, testLocation } from './test-location';

const hours = (weekday: number, open: string | null, close: string | null): OpeningHour =>
  open && close
    ? { weekday, status: 'Open', formated_hours: '', open, close }
    : { weekday, status: 'Closed', formated_hours: 'Closed', open: null, close: null };
// Spec sample: service Mon-Fri 7:30-4:30.
const SERVICE_HOURS = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0 || day === 6 ? hours(day, null, null) : hours(day, '07:30', '16:30'),
);

describe('times', () => {
  it.each([
    ['09:00', '9am'],
    ['07:30', '7:30am'],
    ['16:30', '4:30pm'],
    ['12:00', '12pm'],
    ['00:00', '12am'],
  ])('reads %s as %s', (time, text) => {
    expect(formatTime(time)).toBe(text);
  });
});

describe('the week of opening hours', () => {
  it("groups Monday to Friday when they agree: the spec's service sample reads Monday - Friday 7:30am - 4:30pm", () => {
    expect(weekRows(SERVICE_HOURS).map((row) => `${row.days}: ${row.text}`)).toEqual([
      'Monday - Friday: 7:30am - 4:30pm',
      'Saturday: Closed',
      'Sunday: Closed',
    ]);
  });

  it('keeps the weekend separate and Sunday last', () => {
    expect(weekRows(SALES_HOURS).map((row) => row.days)).toEqual(['Monday - Friday', 'Saturday', 'Sunday']);
  });

  it('lists each weekday when one differs (late night Thursday)', () => {
    const thursdayLate = SALES_HOURS.map((day) => (day.weekday === 4 ? hours(4, '08:30', '21:00') : day));
    expect(weekRows(thursdayLate).map((row) => `${row.days}: ${row.text}`)).toEqual([
      'Monday: 8:30am - 5:30pm',
      'Tuesday: 8:30am - 5:30pm',
      'Wednesday: 8:30am - 5:30pm',
      'Thursday: 8:30am - 9pm',
      'Friday: 8:30am - 5:30pm',
      'Saturday: 9am - 4pm',
      'Sunday: Closed',
    ]);
  });

  it('reads a day the data leaves out as Closed', () => {
    expect(weekRows(SALES_HOURS.filter((day) => day.weekday !== 6)).find((row) => row.days === 'Saturday')?.text).toBe(
      'Closed',
    );
  });

  it('lists the types with hours in the order sales, service, parts', () => {
    const location = testLocation({
      contact_detail: {
        phone: '07 3000 0000',
        landline_phone: null,
        opening_hours: { parts: SERVICE_HOURS, sales: SALES_HOURS, service: SERVICE_HOURS },
      },
    });
    expect(hourTypes(location)).toEqual(['sales', 'service', 'parts']);
  });
});

describe('special hours', () => {
  const special = [
    { date: '2026-12-31', status: 'Open' as const, start_hour: '09:00', end_hour: '13:00' },
    { date: '2026-12-25', status: 'Closed' as const, start_hour: null, end_hour: null },
    { date: '2027-01-02', status: 'By appointment only' as const, start_hour: null, end_hour: null },
    { date: '2026-01-26', status: 'Closed' as const, start_hour: null, end_hour: null },
  ];

  it('lists the coming special dates by date, with their hours, Closed or By appointment only', () => {
    expect(upcomingSpecialHours(special, '2026-12-20')).toEqual([
      { date: '2026-12-25', label: 'Fri 25 Dec', text: 'Closed' },
      { date: '2026-12-31', label: 'Thu 31 Dec', text: '9am - 1pm' },
      { date: '2027-01-02', label: 'Sat 2 Jan', text: 'By appointment only' },
    ]);
  });

  it("calls today's special date Today", () => {
    expect(upcomingSpecialHours(special, '2026-12-25')[0]).toEqual({
      date: '2026-12-25',
      label: 'Today',
      text: 'Closed',
    });
  });
});

describe('open now, on the location clock', () => {
  // Monday 23 November 2026, 9:10 am in Brisbane (UTC+10); 7:10 am in Perth; 10:10 am in Sydney (daylight saving).
  const mondayMorning = new Date('2026-11-22T23:10:00Z');

  it('is open at 9:10 on a Monday in Brisbane, saying when it closes', () => {
    expect(statusNow(testLocation(), 'sales', mondayMorning)).toEqual({ open: true, text: 'Open now · closes 5:30pm' });
  });

  it('says when it opens for the same instant at a Perth yard (7:10 am there)', () => {
    expect(statusNow(testLocation({ time_zone: 'Australia/Perth' }), 'sales', mondayMorning)).toEqual({
      open: false,
      text: 'Closed now · opens 8:30am',
    });
  });

  it('is closed on a public holiday on its date, whatever the weekday says', () => {
    const holiday = testLocation({
      special_hours: [{ date: '2026-11-23', status: 'Closed', start_hour: null, end_hour: null }],
    });
    expect(statusNow(holiday, 'sales', mondayMorning)).toEqual({ open: false, text: 'Closed now' });
  });

  it('reads the service hours for the service type', () => {
    const sixPmBrisbane = new Date('2026-11-23T08:00:00Z');
    const both = testLocation({
      contact_detail: {
        phone: '07 3000 0000',
        landline_phone: null,
        opening_hours: { sales: SALES_HOURS, service: SERVICE_HOURS },
      },
    });
    expect(statusNow(both, 'service', new Date('2026-11-23T06:00:00Z')).text).toBe('Open now · closes 4:30pm');
    expect(statusNow(both, 'sales', sixPmBrisbane).text).toBe('Closed now');
  });
});
