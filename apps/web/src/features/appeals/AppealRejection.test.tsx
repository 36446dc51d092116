import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { createUserInfo, FAST_USER, logInAs } from '../../test/auth-fakes';
import { renderWithProviders } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { WorkCard } from '../works/cards/WorkCard';
import { createWorkCard } from '../works/test-fakes';
import { AppealDialog } from './AppealDialog';
import { rejectionParts } from './rejection-parts';

describe('a rejection split into reason and note (ADR 0014 rejectionText)', () => {
  it('reads a preset with its note, a preset alone and free text, in both languages', () => {
    expect(rejectionParts('Missing or broken files: the STL is empty', 'en')).toEqual({
      reason: 'Missing or broken files',
      note: 'the STL is empty',
    });
    expect(rejectionParts('Not your own work', 'en')).toEqual({
      reason: 'Not your own work',
      note: '',
    });
    expect(rejectionParts('内容不当：图片模糊', 'zh')).toEqual({
      reason: '内容不当',
      note: '图片模糊',
    });
    expect(rejectionParts('Blurry photos: please retake', 'en')).toEqual({
      reason: 'Blurry photos: please retake',
      note: '',
    });
  });
});

describe('appeal dialog: what is being appealed', () => {
  it('shows the reason, the note and the date without hover', async () => {
    logInAs();
    renderWithProviders(
      <AppealDialog
        workId={5}
        workTitle="Lithophane lamp"
        rejection="Missing or broken files: the STL is empty"
        rejectedAt="2026-11-24T10:00:00.000Z"
        onClose={vi.fn()}
      />,
      FAST_USER,
    );
    const summary = await screen.findByTestId('appeal-rejection');
    expect(summary).toBeVisible();
    const terms = within(summary)
      .getAllByRole('term')
      .map((node) => node.textContent);
    const values = within(summary)
      .getAllByRole('definition')
      .map((node) => node.textContent);
    expect(terms).toEqual(['Reason for the rejection', "Moderator's note", 'Rejected on']);
    expect(values).toEqual(['Missing or broken files', 'the STL is empty', 'Nov 24, 2026']);
  });

  it('in Chinese, with a free-text reason and no date', async () => {
    await i18n.changeLanguage('zh');
    logInAs();
    renderWithProviders(
      <AppealDialog workId={5} rejection="照片模糊" onClose={vi.fn()} />,
      FAST_USER,
    );
    const summary = await screen.findByTestId('appeal-rejection');
    expect(summary).toHaveTextContent('驳回理由照片模糊');
    expect(summary).not.toHaveTextContent('驳回时间');
    expect(summary).not.toHaveTextContent('审核员备注');
  });
});

describe("the owner's rejected card", () => {
  it('shows the reason without hover, and the appeal dialog repeats it split into reason and note', async () => {
    logInAs(createUserInfo({ userId: 9 }));
    const { user } = renderHome(
      <WorkCard
        work={createWorkCard({
          status: 'rejected',
          rejection_reason: 'Missing or broken files: the STL is empty',
          title: 'Gear clock',
        })}
      />,
    );
    const card = within(screen.getByRole('article', { name: 'Gear clock' }));
    expect(card.getByTestId('work-card-rejection')).toHaveTextContent(
      'Missing or broken files: the STL is empty',
    );
    expect(card.getByTestId('work-card-appeal')).toHaveAccessibleDescription(
      'Missing or broken files: the STL is empty',
    );
    await user.click(card.getByTestId('work-card-appeal'));
    const summary = await screen.findByTestId('appeal-rejection', {}, { timeout: 30_000 });
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((node) => node.textContent),
    ).toEqual(['Missing or broken files', 'the STL is empty']);
  });
});
