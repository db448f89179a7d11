/** `YYYY-MM-DD` of an instant in a time zone (TIME_ZONE defines "today" for daily limits). */
export function dayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
