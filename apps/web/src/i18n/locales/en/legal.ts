/**
 * User agreement and privacy policy (SPEC 1 and 2). Structured as sections so
 * the reading dialog renders them in the current language.
 */
export const legal = {
  effective: 'Effective date: 21 November 2026',
  agreement: {
    title: '{{product}} User Agreement',
    intro:
      'This agreement is between you and the operator of {{product}} ("we", "us"). It applies whenever you browse, register, publish, download or create with AI on {{product}}. Please read it carefully; by using the service you accept it.',
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          '{{product}} is a community and creation platform for makers who work with 3D printing, laser engraving, UV printing and similar crafts. You can browse a feed of works, search, join community discussions, view collections and profiles, publish your own works with design files and instructions, and create images and 3D models with AI tools.',
          'Visitors may browse, search, view the community, collections and profiles, use the AI creation page and read these terms. Publishing, liking, favouriting, following, commenting, downloading, notifications and profile editing require an account.',
          'The service is marked beta. Features may change, be added or be removed while we improve it.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'You register with an e-mail address and a password. You must give accurate information, keep your password secret and tell us promptly if you believe someone else is using your account.',
          'You are responsible for everything done with your account. One person may not register accounts in bulk, trade accounts or impersonate others.',
          'You must be old enough to agree to these terms where you live, or have the permission of a parent or guardian.',
        ],
      },
      {
        heading: '3. Your content and licences',
        paragraphs: [
          'You keep the copyright and any other rights in the works, files, images, texts and comments you publish ("your content").',
          'By publishing your content you grant us a worldwide, non-exclusive, royalty-free licence to host, store, copy, resize, convert, display and distribute it as needed to operate, show and promote {{product}}. This licence ends when you delete the content, except for copies in backups kept for a limited time and content other users have already downloaded under the terms you chose.',
          "You confirm that you own your content or have every permission needed to publish it, and that it does not infringe anyone else's rights.",
          'Other users may download and use your files only within the licence or terms you state for your work. When no terms are stated, downloads are for personal, non-commercial use.',
        ],
      },
      {
        heading: '4. Community rules',
        paragraphs: [
          'Do not publish content that infringes copyright, trademarks or other rights; that is illegal, hateful, harassing, sexually explicit or violent; or that contains malware or misleading links.',
          'Do not publish designs meant to make weapons, weapon parts or other dangerous items, or instructions that put people at risk. Mark clearly any safety precautions a make needs (for example laser safety, ventilation and material hazards).',
          'Do not spam, manipulate likes, follows or downloads, or scrape the service.',
          'Works are reviewed before they reach the feed. We may reject, hide or remove content that breaks these rules; you may appeal a rejection from your profile.',
        ],
      },
      {
        heading: '5. Downloads and making',
        paragraphs: [
          'Design files are provided by their creators as they are. Check every file, setting and material before you print, engrave or cut. You make things at your own risk and are responsible for operating your machines safely.',
          'Downloading files requires an account. Respect the licence the creator gave the work.',
        ],
      },
      {
        heading: '6. Points',
        paragraphs: [
          'Points are a virtual credit of {{product}}. You earn them through tasks, activities and store purchases, and you use them to pay for AI creation.',
          'Points are not convertible to cash, cannot be refunded as money and cannot be transferred to other accounts. Points for an AI creation are charged when it starts and returned when it fails or is cancelled.',
          'We may correct points credited by mistake or obtained by abuse.',
        ],
      },
      {
        heading: '7. AI-generated content',
        paragraphs: [
          'AI tools create images, logos and 3D models from your prompts and images. Results can be inaccurate or unexpected; review them before you use or make them.',
          'You may use results you create for your own projects, subject to the rights of others in the prompts and images you supply. Do not use the AI tools to create content that breaks the community rules or imitates a real person without consent.',
          'You are responsible for the prompts and images you upload and for how you use the results.',
        ],
      },
      {
        heading: '8. Suspension and termination',
        paragraphs: [
          'You may stop using {{product}} at any time and ask us to delete your account.',
          'We may suspend or close accounts that seriously or repeatedly break this agreement or the law, after warning you where that is reasonable. Unused points lapse when an account is closed for abuse.',
        ],
      },
      {
        heading: '9. Disclaimers and liability',
        paragraphs: [
          'The service is provided "as is" and "as available". We do not guarantee that it is always available, error-free, or that content published by users is accurate, safe or fit for a purpose.',
          'To the extent the law allows, we are not liable for indirect or consequential losses, or for damage caused by user content, downloaded files or the making of objects. Nothing in this agreement limits liability that cannot be limited by law.',
        ],
      },
      {
        heading: '10. Changes and governing law',
        paragraphs: [
          'We may update this agreement. Important changes are announced in {{product}} before they take effect; continuing to use the service afterwards means you accept them.',
          'This agreement is governed by the law of the place where the operator of {{product}} is established. Mandatory consumer protection rules of your country of residence still apply.',
        ],
      },
      {
        heading: '11. Contact',
        paragraphs: [
          'Questions, complaints and notices of infringement can be sent through the <feedback>feedback form</feedback> in {{product}}. Please include links to the content concerned and, for infringement notices, proof of your rights.',
        ],
      },
    ],
  },
  privacy: {
    title: '{{product}} Privacy Policy',
    intro:
      'This policy explains what personal data {{product}} collects, why, where it is stored and what choices you have.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: your e-mail address, password (stored only as a secure hash), nickname, avatar, gender and birthday if you add them.',
          'Content: the works, files, images, instructions, comments, posts, feedback and appeals you publish or send, and the prompts and images you use with the AI tools.',
          'Usage data: the works you view, like, favourite and download, the makers you follow, your search history when you are logged in, and your points balance and transactions.',
          'Device data: IP address, browser type, language, screen size and log records of requests, used to run and protect the service.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'To provide the service: your account, publishing, downloads, notifications, search, recommendations in the feed and AI creation.',
          'To keep {{product}} safe: reviewing content, preventing spam and abuse, rate limiting and fixing errors.',
          'To contact you about your account, for example verification codes and password resets. We do not sell your personal data and do not use it for third-party advertising.',
        ],
      },
      {
        heading: '3. Cookies and local storage',
        paragraphs: [
          "We use your browser's local storage and session storage to keep you logged in (tokens), to remember your language, your search history while logged out, and the position of the home page. We do not use advertising cookies.",
          'You can clear this data in your browser at any time; you will then be logged out.',
        ],
      },
      {
        heading: '4. Where data is stored',
        paragraphs: [
          'Stored data, including uploaded files, is held in a cloud in the United States. If you use {{product}} from another country, your data is transferred there; we protect it with encryption in transit and access controls.',
        ],
      },
      {
        heading: '5. Sharing',
        paragraphs: [
          'What you publish (works, profile, comments, posts) is visible to other users and visitors.',
          'We share data with service providers that host, store or process it for us (cloud hosting, e-mail delivery and, when enabled, AI providers that process the prompts and images you submit), under contracts that limit their use of it. We disclose data when the law requires it.',
        ],
      },
      {
        heading: '6. How long we keep it',
        paragraphs: [
          'Account data and content are kept while your account exists. After you delete content or your account, it is removed from the service and erased from backups within 90 days, unless the law requires us to keep it longer. Logs are kept for up to 180 days.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'You can view and edit your profile, delete your works and comments, and clear your search history in {{product}}.',
          'You can ask for a copy of your data, its correction or deletion, or object to its use, through the <feedback>feedback form</feedback>. Depending on where you live you may also complain to a data protection authority.',
        ],
      },
      {
        heading: '8. Children',
        paragraphs: [
          '{{product}} is not directed at children under 14. We do not knowingly collect their data; if we learn that we have, we delete it. Younger makers should use the service only with a parent or guardian.',
        ],
      },
      {
        heading: '9. Changes',
        paragraphs: [
          'We may update this policy. Important changes are announced in {{product}} before they take effect, and the effective date above changes.',
        ],
      },
      {
        heading: '10. Contact',
        paragraphs: [
          'Questions and requests about your personal data can be sent through the <feedback>feedback form</feedback> in {{product}}. We answer within 15 working days.',
        ],
      },
    ],
  },
};
