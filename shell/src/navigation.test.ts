import type { RemoteManifestEntry } from '@forecourt/shared-config';
import { interceptLinks } from './navigation';

const remotes: RemoteManifestEntry[] = [
  { team: 'mf-finance', name: 'mf_finance', version: '1.0.0', entry: '/e.js', routes: ['/finance'] },
];

function clickLink(href: string, init: MouseEventInit = {}, attrs: Record<string, string> = {}): boolean {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  a.textContent = 'link';
  document.body.appendChild(a);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  a.dispatchEvent(event);
  a.remove();
  return event.defaultPrevented;
}

describe('interceptLinks', () => {
  let navigate: jest.Mock;
  let stop: () => void;

  beforeEach(() => {
    navigate = jest.fn();
    stop = interceptLinks(remotes, navigate);
  });

  afterEach(() => stop());

  it('navigates in-page to a path an app owns', () => {
    expect(clickLink('/finance?car_id=7')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/finance?car_id=7');
  });

  it('leaves a path no app owns to the browser', () => {
    clickLink('/privacy-policy');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves other origins to the browser', () => {
    clickLink('https://elsewhere.example/finance');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a modified click (new tab) to the browser', () => {
    clickLink('/finance', { ctrlKey: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a link with a target to the browser', () => {
    clickLink('/finance', {}, { target: '_blank' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
