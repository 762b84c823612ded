import { describe, expect, it } from 'vitest';
import {
  fitScale,
  projectPageUrl,
  projectSectionsVisible,
  projectsListUrl,
  workOnProjectVisible,
} from './project-rules';

describe('project sections', () => {
  it('show only when every group allows projects and the device is not mobile', () => {
    const on = { projectAvailable: true };
    const off = { projectAvailable: false };
    expect(projectSectionsVisible([on, on], false)).toBe(true);
    expect(projectSectionsVisible([], false)).toBe(true);
    expect(projectSectionsVisible([on, off], false)).toBe(false);
    expect(projectSectionsVisible([on], true)).toBe(false);
  });

  it("hide 'Work on project' from graduated users only", () => {
    expect(workOnProjectVisible('graduated')).toBe(false);
    expect(workOnProjectVisible('member')).toBe(true);
    expect(workOnProjectVisible('teacher')).toBe(true);
  });
});

describe('slide scale', () => {
  it('fits 1920×1080 into the box by its tighter side', () => {
    expect(fitScale({ width: 480, height: 270 })).toBeCloseTo(0.25);
    expect(fitScale({ width: 960, height: 270 })).toBeCloseTo(0.25);
    expect(fitScale({ width: 384, height: 0 })).toBeCloseTo(0.2);
    expect(fitScale({ width: 0, height: 100 })).toBe(0);
  });
});

describe('projects site links', () => {
  it('point at the configured site, and are absent without one', () => {
    expect(projectPageUrl('https://projects.example/', 'p 1')).toBe(
      'https://projects.example/projects/p%201/detail',
    );
    expect(projectPageUrl('https://projects.example', 'p1', 'feedback-f1')).toBe(
      'https://projects.example/projects/p1/detail#feedback-f1',
    );
    expect(projectPageUrl(null, 'p1')).toBeNull();
    expect(projectsListUrl(null)).toBeNull();
  });
});
