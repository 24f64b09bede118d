// The SPEC §3 EDITOR property's field: a rich-text box with bold, italic, underline, lists and links.
// It edits HTML in a contentEditable element with the browser's own editing commands; what it hands
// back, and whatever is pasted into it, first goes through the allow-list of rich_text.ts.
import { useEffect, useRef, useState, type ClipboardEvent, type ReactElement } from 'react';
import { Button, Input, Toolbar, ToolbarButton, makeStyles, tokens } from '@fluentui/react-components';
import {
  Link20Regular,
  TextBold20Regular,
  TextBulletListLtr20Regular,
  TextClearFormatting20Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextUnderline20Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from '../ui/rich_text.ts';
import { safeUrl } from '../ui/safe_url.ts';

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  area: {
    minHeight: '80px',
    maxHeight: '240px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outlineStyle: 'none',
    '& p': { margin: 0 },
  },
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  linkRow: { display: 'flex', gap: tokens.spacingHorizontalS, padding: tokens.spacingHorizontalS },
});

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'removeFormat';

interface Props {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function RichTextEditor({ value, onChange, disabled, 'data-testid': testId, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const styles = useStyles();
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');

  // The value is written in once, on mount: writing it again on each keystroke would move the caret.
  const initial = useRef(value);
  useEffect(() => {
    if (area.current) area.current.innerHTML = sanitizeRichText(initial.current);
  }, []);

  // A box emptied by the user leaves a stray <br> behind; that is no text, not a change.
  const emit = () => {
    const el = area.current;
    onChange(el && el.textContent?.trim() ? sanitizeRichText(el.innerHTML) : '');
  };

  const run = (command: Command | 'createLink', arg?: string) => {
    area.current?.focus();
    const selection = document.getSelection();
    // The link's address field took the focus; put back the text selected before it.
    if (command === 'createLink' && saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    // execCommand is the one editing API every browser has for contentEditable; no library needed.
    document.execCommand(command, false, arg);
    emit();
  };

  const remember = () => {
    const selection = document.getSelection();
    const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null;
    saved.current = range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitizeRichText(html));
    else document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
    emit();
  };

  const addLink = () => {
    const url = safeUrl(href);
    setLinking(false);
    setHref('');
    if (url) run('createLink', url);
  };

  const button = (command: Command, label: string, icon: ReactElement) => (
    <ToolbarButton
      aria-label={label}
      title={label}
      icon={icon}
      disabled={disabled}
      data-testid={`rich-${command}`}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(command)}
    />
  );

  return (
    <div className={styles.box} data-testid={testId}>
      <Toolbar size="small" aria-label={t('edit.richText.label')}>
        {button('bold', t('edit.richText.bold'), <TextBold20Regular />)}
        {button('italic', t('edit.richText.italic'), <TextItalic20Regular />)}
        {button('underline', t('edit.richText.underline'), <TextUnderline20Regular />)}
        {button('insertUnorderedList', t('edit.richText.bulletList'), <TextBulletListLtr20Regular />)}
        {button('insertOrderedList', t('edit.richText.numberedList'), <TextNumberListLtr20Regular />)}
        <ToolbarButton
          aria-label={t('edit.richText.link')}
          title={t('edit.richText.link')}
          icon={<Link20Regular />}
          disabled={disabled}
          data-testid="rich-link"
          onMouseDown={(e) => {
            e.preventDefault();
            remember();
          }}
          onClick={() => setLinking((on) => !on)}
        />
        {button('removeFormat', t('edit.richText.clearFormatting'), <TextClearFormatting20Regular />)}
      </Toolbar>
      {linking && (
        <div className={styles.linkRow}>
          <Input
            type="url"
            aria-label={t('edit.richText.linkAddress')}
            placeholder="https://"
            value={href}
            data-testid="rich-link-address"
            onChange={(_, d) => setHref(d.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              addLink();
            }}
          />
          <Button data-testid="rich-link-add" onClick={addLink}>
            {t('edit.richText.addLink')}
          </Button>
        </div>
      )}
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        className={disabled ? `${styles.area} ${styles.disabled}` : styles.area}
        data-testid={testId ? `${testId}-text` : undefined}
        onInput={emit}
        onBlur={remember}
        onKeyUp={remember}
        onMouseUp={remember}
        onPaste={onPaste}
      />
    </div>
  );
}
