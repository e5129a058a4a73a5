import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import KeyInfo from './key-info';

describe('KeyInfo', () => {
  it('lists each row with a value', () => {
    renderWithPlatform(
      <KeyInfo
        items={[
          { label: 'Fuel', value: 'Diesel' },
          { label: 'Year', value: 2021 },
        ]}
      />,
    );
    expect(screen.getByText('Fuel')).toBeInTheDocument();
    expect(screen.getByText('Diesel')).toBeInTheDocument();
    expect(screen.getByText('2021')).toBeInTheDocument();
  });

  it('leaves out rows without a value', () => {
    renderWithPlatform(
      <KeyInfo
        items={[
          { label: 'Fuel', value: 'Diesel' },
          { label: 'Torque', value: 'null' },
        ]}
      />,
    );
    expect(screen.queryByText('Torque')).not.toBeInTheDocument();
  });

  it('names its section', () => {
    renderWithPlatform(<KeyInfo items={[{ label: 'Fuel', value: 'Diesel' }]} />);
    expect(screen.getByRole('region', { name: 'Key information' })).toHaveAttribute('data-boundary', 'mf-vehicle');
  });

  it('renders nothing when no row has a value', () => {
    const { container } = renderWithPlatform(<KeyInfo items={[{ label: 'Seats', value: '' }]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('KeyInfo with a first few (spec: key information 4 first)', () => {
  const items = ['Year', 'Kilometres', 'Transmission', 'Fuel', 'Body', 'Colour'].map((label) => ({
    label,
    value: `${label} value`,
  }));

  it('shows the first 4 rows and offers the rest', () => {
    renderWithPlatform(<KeyInfo items={items} initialCount={4} />);
    expect(screen.getByText('Fuel')).toBeInTheDocument();
    expect(screen.queryByText('Body')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 6 specifications' }));
    expect(screen.getByText('Colour')).toBeInTheDocument();
  });
});
