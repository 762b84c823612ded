import { describe, expect, it } from 'vitest';
import { megabytes, paneOfPath, redirectForPane, settingsMenu } from './settings-menu';

describe('settingsMenu', () => {
  it('gives members and supporters language, password and notifications', () => {
    expect(settingsMenu('member')).toEqual(['language', 'password', 'notification']);
    expect(settingsMenu('supporter')).toEqual(['language', 'password', 'notification']);
    expect(settingsMenu('graduated')).toEqual(['language', 'password', 'notification']);
  });
  it('gives staff roles download, language, password, notifications, group', () => {
    for (const role of ['teacher', 'staff', 'admin'] as const) {
      expect(settingsMenu(role)).toEqual([
        'download',
        'language',
        'password',
        'notification',
        'group',
      ]);
    }
  });
});

describe('redirectForPane', () => {
  it('sends members from download to /setting and from group to /', () => {
    expect(redirectForPane('member', 'download')).toBe('/setting');
    expect(redirectForPane('member', 'group')).toBe('/');
    expect(redirectForPane('member', 'language')).toBeNull();
    expect(redirectForPane('member', 'privacy')).toBeNull();
    expect(redirectForPane('teacher', 'group')).toBeNull();
    expect(redirectForPane('admin', 'download')).toBeNull();
  });
});

describe('paneOfPath', () => {
  it('reads the pane, with or without a group id', () => {
    expect(paneOfPath('/setting')).toBeNull();
    expect(paneOfPath('/setting/group/g1')).toBe('group');
    expect(paneOfPath('/setting/language')).toBe('language');
    expect(paneOfPath('/setting/notification')).toBe('notification');
    expect(paneOfPath('/setting/languages')).toBeNull();
  });
});

describe('megabytes', () => {
  it('floors to one decimal', () => {
    expect(megabytes(1.99 * 1024 * 1024)).toBe(1.9);
    expect(megabytes(0)).toBe(0);
    expect(megabytes(250 * 1024 * 1024 + 1)).toBe(250);
    expect(megabytes(52_000)).toBe(0);
  });
});
