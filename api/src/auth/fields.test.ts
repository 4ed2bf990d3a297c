import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  emailField,
  MESSAGES,
  optionalPasswordField,
  passwordField,
  problemWith,
  roleField,
  usernameField,
} from './fields';

describe('field rules', () => {
  it('accept usernames of letters of any script, digits and @.+-_', () => {
    for (const name of ['ada', 'Ada_Lovelace', 'a.b+c-d@e', 'Żółć', 'ユーザー名', 'x'.repeat(150)]) {
      expect(problemWith(usernameField, name), name).toBeNull();
    }
  });

  it('report only the first problem of a field', () => {
    expect(problemWith(usernameField, '')).toBe(MESSAGES.required);
    expect(v.safeParse(usernameField, ' ').issues).toHaveLength(1);
    expect(problemWith(usernameField, 'a b')).toBe(MESSAGES.username);
    expect(problemWith(usernameField, 'ab')).toBe(MESSAGES.tooShort(3));
  });

  it('trim emails and check them', () => {
    expect(v.parse(emailField, '  ada@example.com ')).toBe('ada@example.com');
    expect(problemWith(emailField, 'ada@')).toBe(MESSAGES.email);
  });

  it('never trim passwords, and read a blank one on update as "unchanged"', () => {
    expect(v.parse(passwordField, ' spaced out ')).toBe(' spaced out ');
    expect(problemWith(passwordField, '        ')).toBe(MESSAGES.required);
    expect(v.parse(optionalPasswordField, '')).toBeUndefined();
    expect(v.parse(optionalPasswordField, '   ')).toBeUndefined();
    expect(v.parse(optionalPasswordField, null)).toBeUndefined();
    expect(v.parse(optionalPasswordField, 'long enough')).toBe('long enough');
    expect(problemWith(optionalPasswordField, 'short')).toBe(MESSAGES.passwordTooShort(8));
  });

  it('read a blank or absent role as none, and refuse unknown ones', () => {
    expect(v.parse(roleField, undefined)).toBeUndefined();
    expect(v.parse(roleField, '')).toBeUndefined();
    expect(v.parse(roleField, null)).toBeUndefined();
    expect(v.parse(roleField, ' manager ')).toBe('manager');
    expect(problemWith(roleField, 'root')).toBe(MESSAGES.role);
    expect(problemWith(roleField, 3)).toBe(MESSAGES.role);
  });
});

describe('passwords (issue 16, item 9)', () => {
  it('counts characters (code points), not UTF-16 units', () => {
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(problemWith(passwordField, '😀🐱🌍🎉')).toBe(MESSAGES.passwordTooShort(8));
    expect(problemWith(optionalPasswordField, '😀🐱🌍🎉')).toBe(MESSAGES.passwordTooShort(8));
    expect(problemWith(passwordField, '😀🐱🌍🎉😀🐱🌍🎉')).toBeNull();
    expect(problemWith(passwordField, '😀'.repeat(256))).toBeNull();
    expect(problemWith(passwordField, '😀'.repeat(257))).toBe(MESSAGES.tooLong(256));
  });

  it('refuses the most common passwords, whatever their case', () => {
    for (const common of ['password', '12345678', 'Password', 'qwertyuiop', 'iloveyou']) {
      expect(problemWith(passwordField, common)).toBe(MESSAGES.commonPassword);
      expect(problemWith(optionalPasswordField, common)).toBe(MESSAGES.commonPassword);
    }
    expect(problemWith(passwordField, 'correct horse battery')).toBeNull();
  });
});
