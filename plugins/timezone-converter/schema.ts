import * as v from 'valibot';

/**
 * The timezone converter's input schema and output type, apart from compute.ts so that the view can
 * use them (the output's type; the schema, to check a shared link) without pulling the compute code
 * into its chunk. compute.ts re-exports them.
 */
export const MISSING = 'Please fill all fields';

const field = v.pipe(
  v.unknown(),
  v.check((x) => typeof x === 'string' && x.trim() !== '', MISSING),
  v.transform((x) => (x as string).trim()),
);

export const inputSchema = v.object(
  {
    /** Wall time `YYYY-MM-DDTHH:mm` (seconds allowed) in `from`. */
    datetime: field,
    /** IANA zone names (`UTC` and legacy names such as `Asia/Calcutta` included). */
    from: field,
    to: field,
  },
  MISSING,
);

export type TimezoneInput = v.InferInput<typeof inputSchema>;

export interface TimezoneOutput {
  /** The same instant as wall time in `to`, `YYYY-MM-DDTHH:mm`. */
  datetime: string;
  /** The wall time in `from` actually used: differs from the input inside a spring-forward gap. */
  fromDatetime: string;
  /** UTC offsets in force at that instant, `+HH:MM`. */
  fromOffset: string;
  toOffset: string;
  /** `Converted Time: …` and the time it came from, both with their offsets. */
  text: string;
  /** Set when the input wall time fell in a daylight-saving gap or fold. */
  note?: string;
}
