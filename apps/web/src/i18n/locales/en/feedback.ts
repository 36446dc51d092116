/** SPEC 2 feedback dialog and screen, SPEC 5 rules, SPEC 8 feedback messages. */
export const feedback = {
  title: 'Feedback',
  intro: 'Tell us what went wrong or what would make {{product}} better.',
  pageTitle: 'Send feedback',
  loading: 'Loading the feedback form…',
  suggestion: 'Your suggestion',
  suggestionPlaceholder: 'Describe the problem or your idea',
  /** SPEC 8: empty text shows the warning that input is needed. */
  suggestionRequired: 'Please enter your suggestion before sending.',
  images: 'Images',
  imagesHint: 'JPG, PNG, GIF or WebP, up to {{size}} each',
  imageCount: '{{count}}/{{max}}',
  addImages: 'Add images',
  image: 'Image {{index}}',
  uploading: 'Uploading image {{index}}',
  removeImage: 'Remove image {{index}}',
  removeConfirm: 'Remove this image?',
  remove: 'Remove',
  notImage: '{{name}} is not an image (JPG, PNG, GIF or WebP).',
  tooLarge: '{{name}} is larger than {{size}}.',
  tooManyKept_one:
    'Only {{max}} images are kept: {{count}} of the pictures you picked was left out.',
  tooManyKept_other:
    'Only {{max}} images are kept: {{count}} of the pictures you picked were left out.',
  uploadFailed: 'Upload failed: {{reason}}',
  contact: 'Contact (optional)',
  contactPlaceholder: 'Your e-mail, so we can reply',
  contactTooLong: 'The contact cannot exceed {{max}} characters',
  emailFormat: 'please enter a correct email format',
  waitForUploads: 'Please wait until the images have uploaded.',
  submit: 'Send feedback',
  /** Shown when the server's answer has no text of its own. */
  sent: 'Thank you for your feedback!',
};
