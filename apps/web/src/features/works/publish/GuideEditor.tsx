import '../../../i18n/lazy/publish';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GuideToolbar } from './GuideToolbar';

export interface TGuideEditorProps {
  id?: string;
  /** HTML of the guide; '' when empty. */
  value?: string;
  onChange?: (html: string) => void;
  /** Reports a running image upload: publishing waits for it (SPEC 4). */
  onUploadingChange?: (isUploading: boolean) => void;
}

/**
 * SPEC 3 rich-text production guide (`attachment`) with TipTap: bold,
 * italic, headings, lists, links and images (by address or uploaded as
 * kind=cover). The server sanitises the HTML again. Loaded on demand, so the
 * editor never weighs on the first load.
 */
export function GuideEditor({ id, value = '', onChange, onUploadingChange }: TGuideEditorProps) {
  const { t } = useTranslation('publish');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'] },
        codeBlock: false,
      }),
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        id: id ?? 'publish-guide',
        class: 'publish-guide__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('instructions.editor'),
      },
    },
    onUpdate: ({ editor: current }) => {
      onChangeRef.current?.(current.isEmpty ? '' : current.getHTML());
    },
  });

  // A value set from outside (a reset of the form) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="publish-guide">
      <GuideToolbar editor={editor} onUploadingChange={onUploadingChange} />
      <EditorContent editor={editor} />
    </div>
  );
}
