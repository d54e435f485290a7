import { describe, expect, it } from 'vitest';
import { WEB_VERSION, versionAction } from './version.ts';

describe('WEB_VERSION', () => {
  it('is required 63, latest 64', () => {
    expect(WEB_VERSION).toEqual({ required: 63, latest: 64 });
  });
});

describe('versionAction', () => {
  it('forces an update when the server requires more than the loaded latest', () => {
    expect(versionAction(64, { required: 65, latest: 65 })).toBe('force-update');
    expect(versionAction(64, { required: 65, latest: 64 })).toBe('force-update');
  });

  it('reloads on navigation when only the latest is newer', () => {
    expect(versionAction(64, { required: 63, latest: 65 })).toBe('reload-on-navigation');
    expect(versionAction(64, { required: 64, latest: 70 })).toBe('reload-on-navigation');
  });

  it('does nothing when the loaded build is current', () => {
    expect(versionAction(64, { required: 63, latest: 64 })).toBe('none');
    expect(versionAction(64, { required: 64, latest: 64 })).toBe('none');
    expect(versionAction(64, { required: 1, latest: 2 })).toBe('none');
  });

  it('does nothing on nonsense', () => {
    expect(versionAction(64, { required: NaN, latest: NaN })).toBe('none');
  });

  it('compares against the loaded latest, not the loaded required', () => {
    // required 64 > loaded.required 63, but not > loaded.latest 64
    expect(versionAction(WEB_VERSION.latest, { required: 64, latest: 64 })).toBe('none');
  });
});
