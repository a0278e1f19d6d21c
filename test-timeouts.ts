// The one place the suite's time limits are set; vitest.config.ts applies the first two to every
// project, and tests that start a child process give it the third. They are hang detectors, never
// speed checks: CI shares 2 cores with other work, so each is many times what a quiet run needs.
export const TEST_TIMEOUT_MS = 120_000;
export const HOOK_TIMEOUT_MS = 120_000;
/** A child process (CLI, server, inspector) is killed after this; below the test timeout, so the test reports it. */
export const CHILD_TIMEOUT_MS = 100_000;
