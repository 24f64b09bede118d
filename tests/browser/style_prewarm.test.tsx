// Issue 17: the first tap on a feature paid for inserting the prompt's Fluent CSS rules (each insertion
// restyles the whole page) in the task that showed it. StylePrewarm renders those components once,
// hidden, when it is told to (idle time after the features are drawn): the prompt then inserts none.
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  Button,
  Card,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { Navigation24Regular } from '@fluentui/react-icons';
import { LoadingSpinner } from '../../src/ui/LoadingSpinner.tsx';
import { StylePrewarm } from '../../src/screens/StylePrewarm.tsx';
import type { IdleSchedule } from '../../src/screens/after_chunks.ts';
import { FeaturePrompt } from '../../src/features/FeaturePrompt.tsx';
import { useSelection } from '../../src/state/selection_store.ts';
import { byTestId, findByTestId, render, unmount } from './shell_harness.tsx';
import { USER, api, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');

afterEach(async () => {
  useSelection.getState().clear();
  await unmount();
});

/** Every CSS rule the page holds (Griffel inserts into its own style elements). */
const ruleCount = () => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0);

/** Resolves once the prewarm's hidden parts are on the page (for one commit: its chunk loads first). */
function prewarmShown(): Promise<void> {
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!byTestId('style-prewarm')) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
}

/** The prompt's Fluent parts as src/ui/Panel.tsx and src/features/FeaturePrompt.tsx use them. */
function PromptParts() {
  return (
    <Card data-testid="prompt-parts">
      <TabList size="small" selectedValue="properties">
        <Tab value="properties">Properties</Tab>
        <Tab value="history">History</Tab>
      </TabList>
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell>name</TableCell>
            <TableCell>Paris</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Button size="small" appearance="primary">
        Edit
      </Button>
      <Button size="small">Delete</Button>
      <Button size="small" appearance="subtle">
        Close
      </Button>
      <LoadingSpinner size="tiny" />
    </Card>
  );
}

/** A confirmation's body (src/dialogs/ConfirmDialog.tsx) and a notification (src/screens/Notifier.tsx). */
function NoticeParts() {
  return (
    <div data-testid="notice-parts">
      <DialogBody>
        <DialogTitle>Delete?</DialogTitle>
        <DialogContent>Suggest deleting Paris?</DialogContent>
        <DialogActions>
          <Button>Cancel</Button>
          <Button appearance="primary">Suggest</Button>
        </DialogActions>
      </DialogBody>
      <Toast>
        <ToastTitle
          action={
            <Button size="small" appearance="transparent">
              Close
            </Button>
          }
        >
          Saved
        </ToastTitle>
      </Toast>
    </div>
  );
}

describe('style prewarm', () => {
  it('inserts the rules of the prompt, the confirmation and the notification when told to and leaves nothing on the page, so they insert none', async () => {
    let go: (() => void) | undefined;
    const when: IdleSchedule = (start) => {
      go = start;
      return () => undefined;
    };
    await render(<StylePrewarm when={when} />);
    const before = ruleCount();
    expect(byTestId('style-prewarm')).toBeNull();
    const shown = prewarmShown();
    go?.();
    await shown;
    expect(ruleCount()).toBeGreaterThan(before);
    await expect.poll(() => byTestId('style-prewarm')).toBeNull();
    const warmed = ruleCount();

    await render(<PromptParts />);
    expect(byTestId('prompt-parts')).not.toBeNull();
    expect(ruleCount()).toBe(warmed);
    await render(<NoticeParts />);
    expect(byTestId('notice-parts')).not.toBeNull();
    expect(ruleCount()).toBe(warmed);
  });

  it('puts its parts in one per idle period, each commit inserting only its own rules, and goes after the last', async () => {
    let go: (() => void) | undefined;
    const when: IdleSchedule = (start) => {
      go = start;
      return () => undefined;
    };
    const waiting: (() => void)[] = [];
    const next = (task: () => void) => waiting.push(task);
    await render(<StylePrewarm when={when} next={next} />);
    const shown = prewarmShown();
    go?.();
    await shown;
    // Nothing more goes in until the next idle period says so.
    const firstPart = byTestId('style-prewarm')!.innerHTML;
    await expect.poll(() => waiting.length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(byTestId('style-prewarm')!.innerHTML).toBe(firstPart);
    const parts = [firstPart];
    while (byTestId('style-prewarm')) {
      const before = waiting.length;
      waiting[before - 1]!();
      await expect.poll(() => waiting.length > before || !byTestId('style-prewarm')).toBe(true);
      const part = byTestId('style-prewarm')?.innerHTML;
      if (part !== undefined) parts.push(part);
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(new Set(parts).size).toBe(parts.length);
  });

  it("inserts the rules of the prompt's own parts: opening it on a feature inserts none", async () => {
    await signIn(apiBase, USER);
    const city = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[0]!;
    let go: (() => void) | undefined;
    const when: IdleSchedule = (start) => {
      go = start;
      return () => undefined;
    };
    // One tree: a second render would add its own provider's theme rule. The icon stands for the
    // first screen's (the app bar's), which have put the icons' own rules in before any tap.
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <>
        <Navigation24Regular />
        <StylePrewarm when={when} />
        <FeaturePrompt />
      </>,
    );
    // The first test's prewarm has put every rule in already (Griffel never removes one).
    const shown = prewarmShown();
    go?.();
    await shown;
    await expect.poll(() => byTestId('style-prewarm')).toBeNull();
    const warmed = ruleCount();
    useSelection.getState().select([{ layerId: 'cities', gfid: city.id }]);
    await findByTestId('value-name');
    expect(ruleCount()).toBe(warmed);
  });
});
