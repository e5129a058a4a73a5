import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import EnquiryCta from './enquiry-cta';

describe('EnquiryCta', () => {
  it('names the dealer without a car, inside the leads boundary', () => {
    renderWithPlatform(<EnquiryCta />);
    expect(screen.getByRole('region', { name: 'Talk to Test Motors' })).toHaveAttribute('data-boundary', 'mf-leads');
  });

  it('uses the given label as its heading', () => {
    renderWithPlatform(<EnquiryCta label="Questions about this ute?" />);
    expect(screen.getByRole('heading', { name: 'Questions about this ute?' })).toBeInTheDocument();
  });

  it('asks about the car when given one', () => {
    renderWithPlatform(<EnquiryCta carId="test-motors-7" />);
    expect(screen.getByRole('heading', { name: 'Interested in this car?' })).toBeInTheDocument();
  });

  it('links to the contact page', () => {
    renderWithPlatform(<EnquiryCta />);
    expect(screen.getByRole('link', { name: 'Enquire now' })).toHaveAttribute('href', '/contact');
  });

  it('passes the car on to the test-drive page', () => {
    renderWithPlatform(<EnquiryCta carId="test-motors-7" />);
    expect(screen.getByRole('link', { name: 'Book a test drive' })).toHaveAttribute(
      'href',
      '/book-test-drive/?car_id=test-motors-7',
    );
  });
});
