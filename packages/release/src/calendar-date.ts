/** The shape of a day, `YYYY-MM-DD`. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a `YYYY-MM-DD` day of the calendar (`2099-02-30` is not). */
export function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
