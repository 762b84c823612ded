import { describe, expect, it } from 'vitest';
import { parseRoster } from './school-sign-in';

// Issue 30: a roster as schools export it from a spreadsheet or their directory.
describe('parseRoster', () => {
  it('reads account,email lines as spreadsheets write them: header, quotes, tabs, CRLF, blank lines', () => {
    const { rows, errors } = parseRoster(
      'アカウント,メールアドレス\r\n"student01","Aoi@School.ed.jp"\r\n\r\nstudent02\tstudent02@school.ed.jp\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { account: 'student01', email: 'aoi@school.ed.jp', line: 2 },
      { account: 'student02', email: 'student02@school.ed.jp', line: 4 },
    ]);
  });

  it('names each line to fix by number with a code the page words', () => {
    const { rows, errors } = parseRoster(
      'student01,a@school.ed.jp\nstudent02\nstudent03,not-an-address\nstudent04,A@school.ed.jp\n,b@school.ed.jp',
    );
    expect(rows.map((r) => r.account)).toEqual(['student01']);
    expect(errors).toEqual([
      { path: 'roster.2', message: 'format' },
      { path: 'roster.3', message: 'email' },
      { path: 'roster.4', message: 'duplicate' },
      { path: 'roster.5', message: 'format' },
    ]);
  });

  it('takes a header only on the first line', () => {
    expect(parseRoster('student01,a@school.ed.jp\naccount,email').errors).toEqual([
      { path: 'roster.2', message: 'email' },
    ]);
  });
});
