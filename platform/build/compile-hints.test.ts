import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, withCompileHint } from './compile-hints';

describe('withCompileHint', () => {
  it("puts V8's magic comment on the script's first line, before its imports", () => {
    const code = 'import{a as e}from"./react-x.js";e();';
    expect(withCompileHint(code)).toBe(`//# allFunctionsCalledOnLoad\n${code}`);
    expect(withCompileHint(code).split('\n')[0]).toBe(COMPILE_HINT);
  });

  it('adds it once to a script that has it already', () => {
    const hinted = withCompileHint('export{};');
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});
