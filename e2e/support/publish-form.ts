import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS, visible, waitVisible } from './shell';

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * Opens an antd Select or TreeSelect by its form label, picks the first
 * offered option, and waits for what a person would see: the choice shown in
 * the field, then the list closed. Without the last wait the next picker
 * could reach into this list while it is still fading out.
 *
 * The choice is made with Enter (the list's first entry is the active one),
 * not with a click: a tall list re-aligns itself above or below the field once
 * it has measured its content, and on a busy machine a click aimed at the
 * first entry could land on another one, or between them, as it moves.
 */
export const pickFirstOption = async (page: Page, label: RegExp): Promise<void> => {
  const field = page.getByLabel(label);
  const item = page.locator('.ant-form-item').filter({ has: field });
  // The list picks its active entry when it opens, so its options must have arrived.
  await expect
    .poll(() => item.locator('.anticon-loading').count(), { timeout: UI_TIMEOUT_MS })
    .toBe(0);
  await field.click();
  const option = visible(
    page.locator(
      `${OPEN_DROPDOWN} .ant-select-item-option, ${OPEN_DROPDOWN} .ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled) .ant-select-tree-node-content-wrapper`,
    ),
  );
  await option.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  const name = ((await option.textContent()) ?? '').trim();
  await field.press('Enter');
  // The form item (not the list, which lives at the end of the body) shows the choice.
  await waitVisible(item.getByText(name, { exact: true }));
  await page.keyboard.press('Escape');
  await expect
    .poll(() => page.locator(OPEN_DROPDOWN).filter({ visible: true }).count(), {
      timeout: UI_TIMEOUT_MS,
    })
    .toBe(0);
};

/** Types chips into a chips input (materials, tags): text then Enter. */
export const addChip = async (page: Page, label: RegExp, value: string): Promise<void> => {
  const input = page.getByLabel(label);
  await input.fill(value);
  await input.press('Enter');
};

export interface IPublishForm {
  title: string;
  summary: string;
  /** Paths of the design file(s) and the cover picture to upload. */
  designFile: string;
  coverFile: string;
  guide: string;
}

/**
 * Fills /publish as a maker does (SPEC 3 Project fields, SPEC 5 rules): the
 * title, summary, design file and cover, software, the first machine and
 * category offered, the 'Other' scenario, Beginner, PLA, a tag and the guide.
 * Answers the submit button once it is enabled, which is when both uploads
 * have finished (SPEC 4).
 */
export const fillPublishForm = async (page: Page, form: IPublishForm) => {
  await (await waitVisible(page.getByTestId('publish-title'))).fill(form.title);
  await page.getByLabel(/^Summary$/).fill(form.summary);
  await page.getByTestId('publish-files-input').setInputFiles(form.designFile);
  await page.getByTestId('publish-cover-input').setInputFiles(form.coverFile);
  await page.getByLabel(/^Software$/).fill('Bambu Studio');
  await pickFirstOption(page, /^Machines$/);
  await page.getByRole('checkbox', { name: /^Other$/ }).check();
  // antd radio buttons hide their input; the label is what a person clicks.
  await page
    .locator('label')
    .filter({ hasText: /^Beginner$/ })
    .click();
  await addChip(page, /^Materials$/, 'PLA');
  await pickFirstOption(page, /^Categories$/);
  await addChip(page, /^Tags$/, 'cable management');
  const guide = await waitVisible(page.locator('[contenteditable="true"]'));
  await guide.click();
  await page.keyboard.type(form.guide);
  const submit = page.getByTestId('publish-submit');
  await expect.poll(() => submit.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
  return submit;
};
