import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EnquiryForm } from './enquiry-form';

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

function fillValid() {
  type('First Name', 'Jo');
  type('Last Name', 'Citizen');
  type('Email Address', 'jo@example.com');
  type('Mobile Number', '0412 345 678');
  type('Comments', 'Is it still available?');
}

// The form asks for its location choices as it opens; until they come it offers no location
// select, which is the form these tests check, so here no answer comes.
beforeEach(() => serveRoutes({ 'GET /api/leads/form': 'unanswered' }));

describe('the enquiry form', () => {
  it("lists every missing field under 'Please fix the following errors:' in a red alert after Send", async () => {
    renderWithPlatform(<EnquiryForm />);
    send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please fix the following errors:');
    expect(within(alert).getByRole('link', { name: 'First Name: This is a required field.' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Comments: This is a required field.' })).toBeInTheDocument();
  });

  it('shows the error under the field and marks it invalid', async () => {
    renderWithPlatform(<EnquiryForm />);
    send();
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Email Address', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email Address', { exact: false })).toHaveAccessibleDescription(
      'This is a required field.',
    );
  });

  it("refuses a three-digit postcode with the spec's text", async () => {
    renderWithPlatform(<EnquiryForm />);
    fillValid();
    type('Postcode', '123');
    send();
    expect(await screen.findByText('Postcode: Invalid postcode. Please enter a 4-digit number.')).toBeInTheDocument();
  });

  it('keeps only digits in the postcode, at most 4 (placeholder 1234)', () => {
    renderWithPlatform(<EnquiryForm />);
    type('Postcode', '2,00a');
    expect(screen.getByLabelText('Postcode', { exact: false })).toHaveValue('200');
    expect(screen.getByLabelText('Postcode', { exact: false })).toHaveAttribute('maxlength', '4');
    expect(screen.getByLabelText('Postcode', { exact: false })).toHaveAttribute('placeholder', '1234');
  });

  it('offers the Finance and Trade-in categories on a site with finance and the online trade-in', () => {
    renderWithPlatform(<EnquiryForm />);
    const options = within(screen.getByLabelText('Category', { exact: false }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Finance', 'Trade-in']));
  });

  it('offers neither Finance nor Trade-in as a category on a site without finance or the online trade-in', () => {
    renderWithPlatform(<EnquiryForm />, {
      tenant: testTenant({ features: { 'mf-finance': false }, leads: { tradeIn: false } }),
    });
    const options = within(screen.getByLabelText('Category', { exact: false }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['General Enquiry', 'Sales', 'Service', 'Parts']);
  });

  it('has no postcode field on a site that does not show it', () => {
    renderWithPlatform(<EnquiryForm />, { tenant: testTenant({ leads: { postcodeShown: false } }) });
    expect(screen.queryByLabelText('Postcode', { exact: false })).not.toBeInTheDocument();
  });

  it('takes an enquiry without comments on a site that does not require them', async () => {
    renderWithPlatform(<EnquiryForm />, { tenant: testTenant({ leads: { commentsRequired: false } }) });
    send();
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByText(/^Comments:/)).not.toBeInTheDocument();
  });

  it("needs the terms ticked where the site uses them, with the spec's text", async () => {
    renderWithPlatform(<EnquiryForm />, { tenant: testTenant({ leads: { termsRequired: true } }) });
    fillValid();
    type('Postcode', '2000');
    send();
    expect(
      await screen.findByText('Terms of use: *You must agree to the terms of use before submitting.'),
    ).toBeInTheDocument();
  });

  it("starts with the category 'General Enquiry' and the opt-in ticked", () => {
    renderWithPlatform(<EnquiryForm />);
    expect(screen.getByLabelText('Category', { exact: false })).toHaveValue('General Enquiry');
    expect(screen.getByRole('checkbox', { name: 'Email me similar stock and latest offers.' })).toBeChecked();
  });

  describe('when the send fails', () => {
    // jsdom has no alert dialog: the browser's alert is watched here, as the shopper would see it.
    let alerted: string[];
    beforeEach(() => {
      alerted = [];
      jest.spyOn(window, 'alert').mockImplementation((message?: unknown) => void alerted.push(String(message)));
    });
    afterEach(() => jest.restoreAllMocks());

    it("raises the browser's alert 'An error occurred when submitting this form' when the lead cannot reach the server", async () => {
      serveRoutes({ 'POST /api/leads/submit': 'network-down' });
      renderWithPlatform(<EnquiryForm />);
      fillValid();
      type('Postcode', '2000');
      send();
      await waitFor(() => expect(alerted).toEqual(['An error occurred when submitting this form']));
    });

    it("keeps 'An error occurred when submitting this form' in the form's red alert, Send enabled again", async () => {
      serveRoutes({ 'POST /api/leads/submit': { status: 503, body: { error: 'down for maintenance' } } });
      renderWithPlatform(<EnquiryForm />);
      fillValid();
      type('Postcode', '2000');
      send();
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('An error occurred when submitting this form'),
      );
      expect(screen.getByRole('button', { name: 'Send Enquiry' })).toBeEnabled();
    });

    it('loses nothing the shopper typed', async () => {
      serveRoutes({ 'POST /api/leads/submit': 'network-down' });
      renderWithPlatform(<EnquiryForm />);
      fillValid();
      type('Postcode', '2000');
      send();
      await screen.findByRole('alert');
      expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('Jo');
      expect(screen.getByLabelText('Mobile Number', { exact: false })).toHaveValue('0412 345 678');
      expect(screen.getByLabelText('Comments', { exact: false })).toHaveValue('Is it still available?');
      expect(screen.getByLabelText('Postcode', { exact: false })).toHaveValue('2000');
    });

    it('raises no browser alert for a field the server refused (that shows under the field)', async () => {
      serveRoutes({
        'POST /api/leads/submit': {
          status: 400,
          body: { error: 'userData.postcode: Invalid postcode', field: 'userData.postcode' },
        },
      });
      renderWithPlatform(<EnquiryForm />);
      fillValid();
      type('Postcode', '2000');
      send();
      expect(await screen.findByText('Postcode: Invalid postcode')).toBeInTheDocument();
      expect(alerted).toEqual([]);
    });
  });

  it('asks for the question first and the details second on a vehicle page (two steps)', async () => {
    renderWithPlatform(
      <EnquiryForm multiStep car={{ id: 'test-motors-7', slug: 'a-car', name: '2021 Toyota Hilux' }} />,
    );
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('First Name', { exact: false })).not.toBeInTheDocument();
    type('Comments', 'Is it still available?');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send Enquiry' })).toBeInTheDocument();
  });

  it('does not advance a step with its own field missing', async () => {
    renderWithPlatform(
      <EnquiryForm multiStep car={{ id: 'test-motors-7', slug: 'a-car', name: '2021 Toyota Hilux' }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Comments: This is a required field.')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
  });
});
