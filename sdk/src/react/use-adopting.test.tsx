// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useAdopting } from './use-adopting';

function Shows() {
  return <p>{useAdopting() ? 'adopting' : 'own'}</p>;
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});
function container(html = '') {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  containers.push(element);
  return element;
}

describe('useAdopting', () => {
  it('is true on the server and while React adopts that HTML, then false', async () => {
    const html = renderToString(<Shows />);
    expect(html).toBe('<p>adopting</p>');
    const element = container(html);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(element, <Shows />, { onRecoverableError: (error) => void errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(element.innerHTML).toBe('<p>own</p>');
  });

  it('is false in a page rendered in the browser', async () => {
    const element = container();
    await act(async () => {
      createRoot(element).render(<Shows />);
    });
    expect(element.innerHTML).toBe('<p>own</p>');
  });
});
