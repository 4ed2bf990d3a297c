import { findSoffice } from '@toolbox/api/convert/office';

/**
 * LibreOffice's `soffice` for the tests of the file converter's server engine. Where it is missing
 * those tests are skipped with the reason printed, except in CI (`.ci/run` installs LibreOffice):
 * there a missing engine fails the file, so no test is skipped unseen.
 */
export async function sofficeForTests(file: string): Promise<string | undefined> {
  const soffice = await findSoffice();
  if (soffice) return soffice;
  if (process.env.CI)
    throw new Error(`${file}: soffice (LibreOffice) is missing in CI; .ci/run installs it.`);
  console.warn(`${file}: soffice (LibreOffice) is not installed: its tests are skipped.`);
  return undefined;
}
