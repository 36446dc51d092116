import { isMessageKey, type TMessageKey } from '@layerline/contract';
import type { RuleObject } from 'antd/es/form';

/** The part of a zod schema the bridge needs, so callers pass any contract schema. */
type TSafeParser = {
  safeParse: (value: unknown) => {
    success: boolean;
    error?: { issues: readonly { message: string }[] };
  };
};

/**
 * Runs a contract zod schema as an antd Form rule. The contract's schemas
 * carry message keys as their error messages (packages/contract messages.ts);
 * `messageFor` turns the first key into catalog text, so server and client
 * apply the same SPEC 5 rules and the text stays in the i18n catalogs.
 */
export function zodRule(
  schema: TSafeParser,
  messageFor: (key: TMessageKey | null) => string,
): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const key = result.error?.issues[0]?.message;
      throw new Error(messageFor(isMessageKey(key) ? key : null));
    },
  };
}
