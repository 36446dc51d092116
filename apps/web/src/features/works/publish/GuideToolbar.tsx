import '../../../i18n/lazy/publish';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import FileImageOutlined from '@ant-design/icons/FileImageOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { type Editor, useEditorState } from '@tiptap/react';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Tooltip from 'antd/es/tooltip';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancel } from '../../../lib/api';
import { uploadWorkFile } from '../publish-api';
import { UrlDialog } from './UrlDialog';
import { ACCEPT, checkWorkFile } from './upload-rules';
import { usePublishMessage } from './use-publish-rules';

interface TGuideToolbarProps {
  editor: Editor | null;
  onUploadingChange?: (isUploading: boolean) => void;
}

type TDialog = 'link' | 'image' | null;

const EMPTY_STATE = {
  bold: false,
  italic: false,
  h2: false,
  h3: false,
  bulletList: false,
  orderedList: false,
  link: false,
};

/** Formatting buttons of the guide; pressed state follows the selection. */
export function GuideToolbar({ editor, onUploadingChange }: TGuideToolbarProps) {
  const { t } = useTranslation('publish');
  const say = usePublishMessage();
  const fileRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const active =
    useEditorState({
      editor,
      selector: ({ editor: current }) =>
        current
          ? {
              bold: current.isActive('bold'),
              italic: current.isActive('italic'),
              h2: current.isActive('heading', { level: 2 }),
              h3: current.isActive('heading', { level: 3 }),
              bulletList: current.isActive('bulletList'),
              orderedList: current.isActive('orderedList'),
              link: current.isActive('link'),
            }
          : EMPTY_STATE,
    }) ?? EMPTY_STATE;

  useEffect(() => () => controller.current?.abort(), []);

  const chain = () => editor?.chain().focus();

  const uploadImage = async (file: File) => {
    const refusal = checkWorkFile('cover', file);
    setProblem(refusal ? say(refusal) : null);
    if (refusal || !editor) return;
    controller.current = new AbortController();
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const result = await uploadWorkFile('cover', file, {
        signal: controller.current.signal,
        onProgress: ({ percent }) => setProgress(percent),
      });
      editor
        .chain()
        .focus()
        .setImage({ src: result.url, alt: t('instructions.imageAlt') })
        .run();
    } catch (error) {
      if (!isCancel(error)) setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void uploadImage(file);
  };

  const tool = (label: string, icon: ReactNode, pressed: boolean | null, run: () => void) => (
    <Tooltip title={label}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed === true}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed ?? undefined}
        disabled={!editor}
        // Keeps the focus and the selection in the editor.
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className="publish-guide__toolbar" role="toolbar" aria-label={t('instructions.toolbar')}>
      {tool(t('instructions.bold'), <BoldOutlined />, active.bold, () =>
        chain()?.toggleBold().run(),
      )}
      {tool(t('instructions.italic'), <ItalicOutlined />, active.italic, () =>
        chain()?.toggleItalic().run(),
      )}
      {tool(
        t('instructions.heading2'),
        <span className="publish-guide__h">{t('instructions.h2Short')}</span>,
        active.h2,
        () => chain()?.toggleHeading({ level: 2 }).run(),
      )}
      {tool(
        t('instructions.heading3'),
        <span className="publish-guide__h">{t('instructions.h3Short')}</span>,
        active.h3,
        () => chain()?.toggleHeading({ level: 3 }).run(),
      )}
      {tool(t('instructions.bulletList'), <UnorderedListOutlined />, active.bulletList, () =>
        chain()?.toggleBulletList().run(),
      )}
      {tool(t('instructions.orderedList'), <OrderedListOutlined />, active.orderedList, () =>
        chain()?.toggleOrderedList().run(),
      )}
      <span className="publish-guide__divider" aria-hidden="true" />
      {active.link
        ? tool(t('instructions.unlink'), <DisconnectOutlined />, null, () =>
            chain()?.extendMarkRange('link').unsetLink().run(),
          )
        : tool(t('instructions.link'), <LinkOutlined />, null, () => setDialog('link'))}
      {tool(t('instructions.imageUrl'), <PictureOutlined />, null, () => setDialog('image'))}
      {tool(t('instructions.imageUpload'), <FileImageOutlined />, null, () =>
        fileRef.current?.click(),
      )}
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPT.cover}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('instructions.imageUpload')}
        onChange={handleFile}
      />
      {progress !== null && (
        <Progress
          className="publish-guide__progress"
          percent={progress}
          size="small"
          aria-label={t('instructions.imageUploading')}
        />
      )}
      {problem && (
        <div className="publish-upload__problem" role="alert">
          {problem}
        </div>
      )}
      {dialog && (
        <UrlDialog
          title={dialog === 'link' ? t('instructions.linkTitle') : t('instructions.imageTitle')}
          onClose={() => setDialog(null)}
          onInsert={(url) => {
            if (dialog === 'link') chain()?.extendMarkRange('link').setLink({ href: url }).run();
            else
              chain()
                ?.setImage({ src: url, alt: t('instructions.imageAlt') })
                .run();
          }}
        />
      )}
    </div>
  );
}
