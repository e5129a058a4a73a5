/**
 * Test-drive times (spec: 'Test Drive Booking Date' with an appointment availability lookup;
 * the lookup's rules are not shown, so these are ours): every half hour the location is open,
 * ending by closing time, from two hours from now for two weeks, on the dealer's own clock, less
 * the times already booked. A special day (a public holiday) replaces the weekday's hours: closed
 * and 'By appointment only' days offer nothing online.
 */

/** A test drive's length, and the step between offered times. */
export const SLOT_MINUTES = 30;
/** The earliest time offered: enough notice for the dealer to have the car ready. */
export const NOTICE_MINUTES = 120;
/** How far ahead times are offered. */
export const DAYS_AHEAD = 14;

export interface WeeklyHours {
  /** 0 Sunday to 6 Saturday (spec). */
  weekday: number;
  status: 'Open' | 'Closed';
  open: string | null;
  close: string | null;
}

export interface SpecialDay {
  date: string;
  status: 'Open' | 'Closed' | 'By appointment only';
  start_hour: string | null;
  end_hour: string | null;
}

export interface AvailabilityDay {
  /** 'YYYY-MM-DD' on the dealer's clock. */
  date: string;
  /** 'HH:mm' start times, earliest first. */
  times: string[];
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The date, weekday and minute of the day that `now` is on the clock of `timeZone`. */
export function zonedClock(now: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts['weekday'] ?? '');
  return { date: `${parts['year']}-${parts['month']}-${parts['day']}`, weekday, minutes: Number(parts['hour']) * 60 + Number(parts['minute']) };
}

/** The calendar date `days` after `date` (both 'YYYY-MM-DD'), and its weekday. */
function addDays(date: string, days: number): { date: string; weekday: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() };
}

/** The hours a location keeps on one date: its special day's, else its weekday's; null when closed to bookings. */
export function hoursOn(date: string, weekday: number, weekly: readonly WeeklyHours[], special: readonly SpecialDay[]): { open: string; close: string } | null {
  const exception = special.find((day) => day.date === date);
  if (exception) return exception.status === 'Open' && exception.start_hour && exception.end_hour ? { open: exception.start_hour, close: exception.end_hour } : null;
  const regular = weekly.find((day) => day.weekday === weekday);
  return regular?.status === 'Open' && regular.open && regular.close ? { open: regular.open, close: regular.close } : null;
}

export function testDriveAvailability(input: {
  weekly: readonly WeeklyHours[];
  special: readonly SpecialDay[];
  /** Times already booked, 'YYYY-MM-DDTHH:mm' on the dealer's clock. */
  booked: Iterable<string>;
  now: Date;
  timeZone: string;
  days?: number;
}): AvailabilityDay[] {
  const booked = new Set(input.booked);
  const today = zonedClock(input.now, input.timeZone);
  const earliest = today.minutes + NOTICE_MINUTES;
  const result: AvailabilityDay[] = [];
  for (let offset = 0; offset < (input.days ?? DAYS_AHEAD); offset++) {
    const day = addDays(today.date, offset);
    const hours = hoursOn(day.date, day.weekday, input.weekly, input.special);
    if (!hours) continue;
    const times: string[] = [];
    for (let start = minutesOf(hours.open); start + SLOT_MINUTES <= minutesOf(hours.close); start += SLOT_MINUTES) {
      // Today's times need notice; a later day's notice spills over midnight only for a 2 am opening, which no dealer has.
      if (offset === 0 && start < earliest) continue;
      const time = timeOf(start);
      if (!booked.has(`${day.date}T${time}`)) times.push(time);
    }
    if (times.length > 0) result.push({ date: day.date, times });
  }
  return result;
}

/** Whether a chosen time is one of those offered. */
export function isOffered(days: readonly AvailabilityDay[], dateTime: string): boolean {
  const [date, time] = dateTime.split('T');
  return days.some((day) => day.date === date && day.times.includes(time ?? ''));
}
