import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import QuickEnquiry from './quick-enquiry';

describe('the quick enquiry card', () => {
  it('opens the quick enquiry form in a dialog, inside the leads boundary', async () => {
    renderWithPlatform(<QuickEnquiry />);
    expect(screen.getByRole('region', { name: 'Have a question?' })).toHaveAttribute('data-boundary', 'mf-leads');
    fireEvent.click(screen.getByRole('button', { name: 'Ask a Quick Question' }));
    const form = await screen.findByRole('form', { name: 'Quick enquiry' });
    expect(form).toBeInTheDocument();
    expect(screen.getByLabelText('Your question', { exact: false })).toBeInTheDocument();
  });

  it('asks for the question where the site requires comments', async () => {
    renderWithPlatform(<QuickEnquiry />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask a Quick Question' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Question' }));
    expect(await screen.findByText('Your question: This is a required field.')).toBeInTheDocument();
  });
});
