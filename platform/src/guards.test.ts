import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessDeniedError, onCaughtError } from './guards';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('onCaughtError', () => {
  it('logs nothing for a refused role, which the no-access page shows', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onCaughtError(new AccessDeniedError());
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs any other error an error boundary caught', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('broken view');
    onCaughtError(error);
    expect(logged).toHaveBeenCalledWith(error);
  });
});
