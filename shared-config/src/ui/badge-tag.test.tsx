import { render, screen } from '@testing-library/react';
import { BadgeTag } from './badge-tag';

describe("a car's tag badge", () => {
  it('shows the certified-used badge as an image named for the make (spec: a certified-used image badge)', () => {
    render(<BadgeTag badge={{ kind: 'certified', make: 'Toyota' }} size="card" />);
    expect(screen.getByRole('img', { name: 'Toyota certified' })).toBeInTheDocument();
  });

  it('shows any other badge as its text', () => {
    render(<BadgeTag badge={{ kind: 'tag', text: 'runout sale', tone: 'green' }} size="page" />);
    expect(screen.getByText('runout sale')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
