import { apiPath } from '@layerline/contract';
import { expect } from 'vitest';
import { lastCodeFor, loginThroughApi, signIn } from '../test/auth-helpers';
import { grayRamp } from '../test/engine-images';
import { encryptPassword, encryptWithKey, newEncryptionKey } from '../test/password-cipher';
import { storeUpload } from '../test/uploads';
import {
  address,
  expectOk,
  freshEmail,
  profile,
  sendForm,
  stl,
  type TFixtures,
} from './freshness.test-helpers';

/**
 * Freshness fixtures (freshness.routes.test.ts, ADR 0044), first part: how
 * to perform the writes of sign-in and accounts, points, AI jobs, uploads
 * and search history, each with the set-up its success needs. They run in
 * this order, before the content writes (freshness-content.test-helpers.ts).
 */
export const ACCOUNT_FIXTURES = {
  'auth.login': {
    perform: (c) =>
      loginThroughApi(c.a, c.keyholder.email, c.keyholder.password, { remoteAddress: address }),
  },
  'auth.refresh': {
    perform: (c) =>
      c.call('auth.refresh', null, { payload: { refresh_token: c.reader.refresh_token } }),
  },
  'auth.register': {
    perform: async (c) => {
      const email = freshEmail('newcomer');
      expectOk(await c.call('auth.registerCode', null, { params: { email } }));
      const encryptionKey = newEncryptionKey();
      return c.call('auth.register', null, {
        payload: {
          username: email,
          password: encryptWithKey('secret123', encryptionKey),
          confirmPassword: encryptWithKey('secret123', encryptionKey),
          code: await lastCodeFor(c.a, email),
          uuid: '',
          isAgree: true,
          encryptionKey,
        },
      });
    },
  },
  'auth.resetCode': {
    perform: (c) => c.call('auth.resetCode', null, { payload: { email: c.keyholder.email } }),
  },
  // With the code auth.resetCode mailed (one code per address per 120 s).
  'auth.resetPassword': {
    perform: async (c) => {
      const answer = await c.call('auth.resetPassword', null, {
        payload: {
          email: c.keyholder.email,
          ...encryptPassword('newsecret1'),
          code: await lastCodeFor(c.a, c.keyholder.email),
          uuid: '',
        },
      });
      if (answer.statusCode === 200) c.keyholder.password = 'newsecret1';
      return answer;
    },
  },
  'auth.changePassword': {
    perform: async (c) => {
      const session = await signIn(c.a, c.keyholder.id);
      const answer = await c.call('auth.changePassword', session, {
        payload: {
          oldPassword: c.keyholder.password,
          newPassword: 'changed123',
          confirmPassword: 'changed123',
        },
      });
      if (answer.statusCode === 200) c.keyholder.password = 'changed123';
      return answer;
    },
  },
  'auth.streamTicket': { perform: (c) => c.call('auth.streamTicket', c.reader) },
  'users.update': { perform: (c) => c.call('users.update', c.maker, { payload: profile }) },
  'points.signin': { perform: (c) => c.call('points.signin', c.reader) },
  // A job of the local engines, queued: the API's app runs no AI worker.
  'ai.create': {
    perform: async (c) => {
      const ramp = await grayRamp(16, 16);
      const image = await storeUpload(c.a, c.reader.id, 'ai', ramp, 'r.png', 'image/png');
      const answer = await c.call('ai.create', c.reader, {
        payload: { kind: 'laser_image', params: { imageUrl: image.url } },
      });
      c.aiJob = (answer.json() as { data?: { id: number } }).data?.id;
      return answer;
    },
  },
  'ai.cancel': {
    perform: (c) => c.call('ai.cancel', c.reader, { params: { id: c.aiJob as number } }),
  },
  // The cancelled job's record.
  'ai.delete': {
    perform: (c) => c.call('ai.delete', c.reader, { params: { id: c.aiJob as number } }),
  },
  'files.upload': {
    perform: (c) => sendForm(c, 'files.upload', { kind: 'design' }, [stl()]),
  },
  'files.uploadAlias': {
    perform: (c) => sendForm(c, 'files.uploadAlias', { kind: 'design' }, [stl()]),
  },
  'files.batchUpload': {
    perform: (c) =>
      sendForm(c, 'files.batchUpload', { kind: 'design' }, [stl('files'), stl('files')]),
  },
  // A signed-in search records it (DESIGN 1): there is history to delete.
  'search.deleteHistory': {
    perform: async (c) => {
      const query = encodeURIComponent('cached work');
      const searched = await c.call('feed.home', c.reader, {
        url: `${apiPath('feed.home')}?query=${query}`,
      });
      expectOk(searched);
      const answer = await c.call('search.deleteHistory', c.reader, { payload: {} });
      expect(answer.json(), answer.body).toMatchObject({ data: { count: 1 } });
      return answer;
    },
  },
} satisfies TFixtures;
