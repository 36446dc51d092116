/** Someone in a thread: the comment's author or a reply's, with the latest item of theirs. */
export type TParticipant = { userId: number; name: string; itemId: number };

/**
 * Set by a reply button: the thread, the comment or reply answered and its
 * author, and everyone in the thread (SPEC 4: the target is a comment or a reply).
 */
export type TReplyContext = {
  threadId: number;
  targetId: number;
  userId: number;
  name: string;
  participants: TParticipant[];
};

/** What put_comment gets (SPEC 3): `pre_next` 0 is a comment on the work. */
export type TCommentPlan = { content: string; pre_next: number; replyTo?: number | string };

/** The text a reply button puts in the input. */
export function replyPrefix(name: string): string {
  return `@${name} `;
}

/**
 * SPEC 5: a reply starting with '@name ' takes the name as the reply target.
 * In a thread opened by a reply button the name is looked up among the
 * thread's people (longest name first, names may hold spaces): the one the
 * button answered keeps their comment or reply, another gets their latest
 * item there. An unknown name still goes to the server, which honours it only
 * for someone in the thread. Without the prefix the text is a comment on the
 * work. The prefix is not part of the content: `reply_to` names the target.
 */
export function planComment(text: string, context: TReplyContext | null): TCommentPlan {
  const trimmed = text.trim();
  if (!context || !trimmed.startsWith('@')) return { content: trimmed, pre_next: 0 };
  const start = text.trimStart();
  const target: TParticipant = {
    userId: context.userId,
    name: context.name,
    itemId: context.targetId,
  };
  const people = [target, ...context.participants.filter((p) => p.userId !== context.userId)]
    .filter((person) => person.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const named = people.find(
    (person) => start.startsWith(replyPrefix(person.name)) || start === `@${person.name}`,
  );
  if (named) {
    return {
      content: start.slice(named.name.length + 1).trim(),
      pre_next: named.itemId,
      replyTo: named.userId,
    };
  }
  const match = /^@(\S+)\s+/.exec(start);
  if (match?.[1]) {
    return {
      content: start.slice(match[0].length).trim(),
      pre_next: context.threadId,
      replyTo: match[1],
    };
  }
  return { content: trimmed, pre_next: 0 };
}
