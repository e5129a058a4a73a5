import { render, screen } from '@testing-library/react';
import { AppFrame } from './app-frame';

it('names the team and its build in data attributes, and shows the shopper only the content', () => {
  const { container } = render(
    <AppFrame team="mf-search" version="1.1.22">
      <h1>Used cars</h1>
    </AppFrame>,
  );
  const frame = container.querySelector('[data-boundary="mf-search"]');
  expect(frame).toHaveAttribute('data-version', '1.1.22');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Used cars');
  expect(container).toHaveTextContent(/^Used cars$/);
});
