/** SPEC 2 'Edit profile', SPEC 3 profile fields and the SPEC 5 profile rules. */
export const profile = {
  editTitle: 'Edit profile',
  edit: 'Edit profile',
  save: 'Save',
  saved: 'Your profile has been saved.',
  loading: 'Loading your profile',
  loadFailed: 'Your profile could not be loaded.',
  points: 'Points',
  /** SPEC 1: points are not convertible to cash. */
  pointsNote: 'Points are not convertible to cash.',
  noBio: 'No bio yet.',
  avatarAlt: 'Avatar of {{name}}',
  fields: {
    avatar: 'Avatar',
    nickname: 'Nickname',
    gender: 'Gender',
    birthday: 'Birthday',
    bio: 'Bio',
    favorPublic: 'Show my favourites',
    likesPublic: 'Show the works I liked',
  },
  favorPublicHint: 'Off: only you see what you collected. On: anyone visiting your profile can.',
  likesPublicHint:
    'Off: only you see what you liked. On: your profile shows a Liked tab to everyone.',
  /** ADR 0019: on another maker's Liked tab. */
  likedPublicNote: 'This maker chose to show the works they liked.',
  collectionsPublicNote: 'This maker chose to show the works they collected.',
  placeholders: {
    nickname: '2 to 30 characters',
    birthday: 'YYYY-MM-DD',
    bio: 'Tell other makers what you make',
  },
  genders: {
    male: 'Male',
    female: 'Female',
    confidential: 'Confidential',
  },
  avatar: {
    choose: 'Choose an image',
    hint: 'JPG, PNG or GIF, up to 2 MB',
    preview: 'Preview of the new avatar',
    uploading: 'Uploading the avatar',
  },
  /** SPEC 3 user counters on /userInfor/:id; likes and favourites are what the user's works received. */
  counters: {
    follows: 'Following',
    fans: 'Followers',
    likes: 'Likes',
    favorites: 'Favourites',
    works: 'Works',
  },
  /** SPEC 2: the profile's works, collections and liked lists. */
  tabs: {
    /** The tab list's name for screen readers. */
    label: 'Profile sections',
    works: 'Works',
    collections: 'Collections',
    liked: 'Liked',
    /** ADR 0013: the maker's community posts. */
    posts: 'Posts',
  },
  empty: {
    works: {
      own: 'You have not published any works yet.',
      other: 'This maker has not published any works yet.',
    },
    collections: {
      own: 'You have not collected any works yet.',
      other: 'This maker has not collected any works yet.',
    },
    liked: {
      own: 'You have not liked any works yet.',
      other: 'No liked works to show.',
    },
    posts: {
      own: 'You have not posted in Model talk yet.',
      other: 'This maker has not posted in Model talk yet.',
    },
  },
  publishFirst: 'Publish your first work',
  postFirst: 'Write your first post',
  errors: {
    nicknameRequired: 'Please enter a nickname',
    nicknameLength: 'The nickname must be 2 to 30 characters',
    genderRequired: 'Please choose a gender',
    birthdayRequired: 'Please choose your birthday',
    birthdayInvalid: 'Please enter a valid birthday (YYYY-MM-DD)',
    bioTooLong: 'The bio cannot exceed 500 characters',
    avatarType: 'Only JPG, PNG or GIF images are allowed.',
    avatarSize: 'The avatar must be at most 2 MB.',
    avatarInvalid: 'The avatar must be an image uploaded here',
    editOwnProfileOnly: 'You can only edit your own profile',
    invalid: 'Please check this field',
  },
};
