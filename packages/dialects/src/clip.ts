/** `text` cut to `max` characters with "..." where it is longer: a quoted value in a message stays readable. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
