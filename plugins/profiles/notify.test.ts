import { describe, expect, it } from 'vitest';
import { messageOf } from './notify';

describe('messageOf', () => {
  it('sets a server reason apart from a spec message that has no closing stop', () => {
    expect(messageOf('deleteFailed', 'The last admin cannot be deleted.')).toEqual({
      title: 'Error',
      text: 'Failed to delete profile. The last admin cannot be deleted.',
    });
  });

  it('keeps a message that ends its sentence as it is before the reason, and alone without one', () => {
    expect(messageOf('saveFailed', 'Email taken.').text).toBe(
      'Save failed. Please check the form and try again. Email taken.',
    );
    expect(messageOf('validation')).toEqual({
      title: 'Validation Error',
      text: 'Please fill all required fields',
    });
  });
});
