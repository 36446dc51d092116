import { LIMITS } from '@layerline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { createUserInfo, FAST_USER, fill, logInAs, serveUserInfo } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

const UPLOAD = '/api/v1/resource/upload';
const UPDATE = '/api/v1/user/updateInfo';

function imageFile(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

async function openEditor() {
  const info = serveUserInfo();
  logInAs(info);
  const view = renderApp('/userInfor/7', FAST_USER);
  const card = await screen.findByRole('region', { name: info.nickName });
  await view.user.click(within(card).getByRole('button', { name: /Edit profile/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
  await within(dialog).findByLabelText('Nickname');
  return { ...view, info, dialog: within(dialog) };
}

const avatarInput = (dialog: ReturnType<typeof within>) =>
  dialog.getByLabelText('Avatar', { selector: 'input' });
/** The Mine entry shows the user's avatar as a decorative image beside its label. */
const navAvatar = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getByRole('link', { name: 'Mine' })
    .querySelector('img');

describe("one's own profile page (SPEC 2 /userInfor/:id)", () => {
  it('shows name, avatar, bio, tag and points of the logged-in user', async () => {
    const info = serveUserInfo(createUserInfo({ points: 120, bio: 'Laser cut lamps.' }));
    logInAs(info);
    renderApp('/userInfor/7');
    const card = await screen.findByRole('region', { name: info.nickName });
    expect(within(card).getByRole('heading', { name: /Maker Seven/ })).toBeInTheDocument();
    expect(within(card).getByText('maker@example.com')).toBeInTheDocument();
    expect(await within(card).findByText('Laser cut lamps.')).toBeInTheDocument();
    expect(within(card).getByText('Laser pro')).toBeInTheDocument();
    expect(within(card).getByTestId('profile-points')).toHaveTextContent('120');
    expect(within(card).getByTestId('profile-points-note')).toHaveTextContent(
      'Points are not convertible to cash.',
    );
    expect(within(card).getByRole('img', { name: 'Avatar of Maker Seven' })).toHaveAttribute(
      'src',
      info.avatar,
    );
  });

  it("refuses to edit someone else's profile (SPEC 5)", async () => {
    logInAs();
    renderApp('/userInfor/8?edit=profile');
    expect(await screen.findByText('You can only edit your own profile')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit profile/ })).toBeNull();
  });
});

describe('edit profile: SPEC 5 rules', () => {
  it('requires a nickname of 2 to 30 characters', async () => {
    const { user, dialog } = await openEditor();
    const nickname = dialog.getByLabelText('Nickname');
    expect(nickname).toHaveValue('Maker Seven');
    fill(nickname, '');
    expect(await dialog.findByText('Please enter a nickname')).toBeInTheDocument();
    fill(nickname, 'a');
    expect(await dialog.findByText('The nickname must be 2 to 30 characters')).toBeInTheDocument();
    fill(nickname, 'ab');
    await waitFor(() =>
      expect(dialog.queryByText('The nickname must be 2 to 30 characters')).toBeNull(),
    );
    fill(nickname, 'c'.repeat(LIMITS.nicknameMax + 1));
    expect(await dialog.findByText('The nickname must be 2 to 30 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fakeNetwork().callsTo('PUT', UPDATE)).toHaveLength(0);
  });

  it('accepts only JPG, PNG or GIF avatars up to 2 MB, checked before upload', async () => {
    const { dialog } = await openEditor();
    fireEvent.change(avatarInput(dialog), {
      target: { files: [imageFile('a.webp', 'image/webp')] },
    });
    expect(await dialog.findByText('Only JPG, PNG or GIF images are allowed.')).toBeInTheDocument();
    fireEvent.change(avatarInput(dialog), {
      target: { files: [imageFile('big.png', 'image/png', LIMITS.avatarMaxBytes + 1)] },
    });
    expect(await dialog.findByText('The avatar must be at most 2 MB.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', UPLOAD)).toHaveLength(0);
  });

  it('asks for a birthday when none is set', async () => {
    const info = serveUserInfo(createUserInfo({ birthday: '' }));
    logInAs(info);
    const { user } = renderApp('/userInfor/7?edit=profile', FAST_USER);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit profile' }));
    await dialog.findByLabelText('Nickname');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Please choose your birthday')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('PUT', UPDATE)).toHaveLength(0);
  });
});

describe('edit profile: saving (SPEC 2, 3)', () => {
  it('previews, uploads with progress, saves, and every place shows the new profile', async () => {
    let finishUpload: (response: Response) => void = () => {};
    fakeNetwork().on(
      'POST',
      UPLOAD,
      () => new Promise<Response>((resolve) => (finishUpload = resolve)),
    );
    let saved: TNetworkRequest | null = null;
    fakeNetwork().on('PUT', UPDATE, (request) => {
      saved = request;
      return envelopeReply(
        createUserInfo({ nickName: 'New Name', avatar: '/files/new.png', bio: 'Now with UV.' }),
      );
    });
    const { user, dialog, info } = await openEditor();
    expect(navAvatar()).toHaveAttribute('src', info.avatar);

    fireEvent.change(avatarInput(dialog), {
      target: { files: [imageFile('me.png', 'image/png', 4096)] },
    });
    const preview = await dialog.findByRole('img', { name: 'Preview of the new avatar' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(fakeNetwork().callsTo('POST', UPLOAD)).toHaveLength(0);

    fill(dialog.getByLabelText('Nickname'), 'New Name');
    await user.click(dialog.getByRole('radio', { name: 'Female' }));
    fill(dialog.getByLabelText('Bio'), 'Now with UV.');
    // Favourites are private until the owner shows them (ADR 0010).
    const favourites = dialog.getByRole('switch', { name: 'Show my favourites' });
    expect(favourites).toHaveAttribute('aria-checked', 'false');
    await user.click(favourites);
    // Liked works too (ADR 0019), with their own switch.
    const likes = dialog.getByRole('switch', { name: 'Show the works I liked' });
    expect(likes).toHaveAttribute('aria-checked', 'false');
    await user.click(likes);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const progress = await dialog.findByRole('progressbar', { name: 'Uploading the avatar' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    const upload = fakeNetwork().callsTo('POST', UPLOAD)[0];
    expect(upload?.query.get('kind')).toBe('avatar');
    expect(upload?.authorization).toBe('Bearer access-0');
    const form = upload?.body;
    expect(form).toBeInstanceOf(FormData);
    const sent = (form as FormData).get('file') as File;
    expect(sent.name).toBe('me.png');

    finishUpload(
      envelopeReply({ url: '/files/new.png', filename: 'me.png', size: 4096, mime: 'image/png' }),
    );
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(saved).not.toBeNull();
    expect((saved as TNetworkRequest | null)?.body).toEqual({
      nickname: 'New Name',
      gender: 'female',
      birthday: '1990-05-01',
      bio: 'Now with UV.',
      favorPublic: true,
      likesPublic: true,
      avatar: '/files/new.png',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit profile' })).toBeNull());

    // The session store feeds the side nav, the header and the page at once.
    expect(useSessionStore.getState().user).toMatchObject({
      nickName: 'New Name',
      avatar: '/files/new.png',
    });
    expect(navAvatar()).toHaveAttribute('src', '/files/new.png');
    const header = document.querySelector<HTMLElement>('.app-header') as HTMLElement;
    expect(within(header).getByRole('img', { name: 'Avatar of New Name' })).toHaveAttribute(
      'src',
      '/files/new.png',
    );
    const card = await screen.findByRole('region', { name: 'New Name' });
    expect(within(card).getByText('Now with UV.')).toBeInTheDocument();
  });
});
