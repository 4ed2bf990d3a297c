/** Path ids (`/api/posts/{id}/`): a whole number that fits PostgreSQL's integer, else null (answer 404). */
const MAX_ID = 2_147_483_647;

export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
