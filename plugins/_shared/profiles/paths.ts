/** Where the API keeps profiles (docs/api.md, Profiles): the list, and one profile by its id. */
export const PROFILES_PATH = '/api/profiles/';

export function profilePath(id: number): string {
  return `${PROFILES_PATH}${id}/`;
}
