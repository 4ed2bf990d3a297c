import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedQueryClient } from './query-client';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('sharedQueryClient offline', () => {
  it('tries a read while the browser is offline, and lets its failure through rather than holding it', async () => {
    onlineManager.setOnline(false);
    const read = sharedQueryClient().fetchQuery({
      queryKey: ['offline-read'],
      queryFn: () => Promise.reject(new Error('no answer')),
      retry: false,
    });
    await expect(read).rejects.toThrow('no answer');
  });
});
