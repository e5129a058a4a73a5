import { renderWithPlatform, serveRoutes } from '@forecourt/shared-config/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SignInForm } from './sign-in-form';

/**
 * The sign-in form asks the site whether a complete mobile number is already its contact
 * (`GET /api/check-if-contact-exists?phone_number=`): a new number is asked for a name and
 * email (optional) to go with its code; a known one is sent its code without being asked again.
 */
const KNOWN = '0412 345 678';
const NEW = '0498 765 432';

let checked: string[];
let sent: Array<Record<string, unknown>>;

beforeEach(() => {
  checked = [];
  sent = [];
  serveRoutes({
    'GET /api/check-if-contact-exists': ({ url }) => {
      const phone = new URL(url, 'http://site.test').searchParams.get('phone_number') ?? '';
      checked.push(phone);
      return { body: { data: { exists: phone === '0412345678' }, error: null } };
    },
    'POST /api/rate-limit': { body: { ok: true } },
    'POST /api/auth/send-code': ({ body }) => {
      sent.push(body as Record<string, unknown>);
      return { status: 202, body: { sent: true, expires_at: '2026-01-01T00:10:00.000Z' } };
    },
    'POST /api/events': 'unanswered',
  });
});

const typePhone = (value: string) => fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value } });
const sendCode = () => fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));

describe('sign-in for a number new to the site', () => {
  it('asks for a name and email, each optional, once the number is complete', async () => {
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone(NEW);
    expect(
      await screen.findByRole('group', { name: 'New to Test Motors? Tell us who you are (optional).' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('First Name (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address (optional)')).toBeInTheDocument();
  });

  it('sends the name typed with the code, for the dealer to know who signed in', async () => {
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone(NEW);
    fireEvent.change(await screen.findByLabelText('First Name (optional)'), { target: { value: 'Jo' } });
    sendCode();
    expect(
      await screen.findByText('We sent a 6-digit code to 04 9876 5432. It expires in 10 minutes.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '0498765432', first_name: 'Jo' }]);
  });

  it("sends no code with an email that is not one: 'Please enter a valid email address.'", async () => {
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone(NEW);
    fireEvent.change(await screen.findByLabelText('Email Address (optional)'), { target: { value: 'jo@' } });
    sendCode();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
  });
});

describe('sign-in for a number the site knows', () => {
  it('sends its code without asking for its details again', async () => {
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone(KNOWN);
    await waitFor(() => expect(checked).toEqual(['0412345678']));
    await act(async () => undefined);
    expect(screen.queryByLabelText('First Name (optional)')).not.toBeInTheDocument();
    sendCode();
    expect(
      await screen.findByText('We sent a 6-digit code to 04 1234 5678. It expires in 10 minutes.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '0412345678' }]);
  });
});

describe('the contact check', () => {
  it('is not asked for a number still being typed', () => {
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone('0412 345');
    expect(checked).toEqual([]);
  });

  it('asks nothing extra when the site cannot say (limited), and the code still goes', async () => {
    serveRoutes({
      'GET /api/check-if-contact-exists': ({ url }) => {
        checked.push(url);
        return { status: 429, body: { error: 'Too many verification attempts. Please try again later.' } };
      },
    });
    renderWithPlatform(<SignInForm onSignedIn={() => undefined} />);
    typePhone(NEW);
    await waitFor(() => expect(checked).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByLabelText('First Name (optional)')).not.toBeInTheDocument();
    sendCode();
    expect(
      await screen.findByText('We sent a 6-digit code to 04 9876 5432. It expires in 10 minutes.'),
    ).toBeInTheDocument();
  });
});
