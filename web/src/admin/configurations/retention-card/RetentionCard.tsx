import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { retentionLimits, type RetentionSection } from '@app/contracts';
import { sections } from '../../../state/sections';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { ConfigCard } from '../config-card/ConfigCard';
import { countOfText, listOfText } from './list-text';

/** A list edited one item a line; the text typed is kept while it means the same list. */
function ListField(props: {
  label: string;
  hint: string;
  list: readonly string[];
  onChange: (list: string[]) => void;
}) {
  const { list, onChange } = props;
  const [text, setText] = useState(list.join('\n'));
  // The list changed from outside (a reload, another admin's save): the text follows it.
  if (listOfText(text).join('\n') !== list.join('\n')) setText(list.join('\n'));
  return (
    <TextAreaField
      className="field"
      label={props.label}
      hint={props.hint}
      rows={3}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(listOfText(next));
      }}
    />
  );
}

/**
 * Retention: days cloud conversations are kept (empty: forever), hours an answer stays for a reload
 * (empty: ten minutes), and the legal hold (users and Amplify groups never expired).
 */
export function RetentionCard() {
  const value = useAtomValue(sections.retention.value);
  const edit = useSetAtom(sections.retention.edit);
  const set = (patch: Partial<RetentionSection>) => edit((v) => ({ ...v, ...patch }));
  return (
    <ConfigCard section="retention">
      <p className="muted card-lead">
        Expired conversations are deleted for good every day: their messages can no longer be read. Usage and
        cost stay.
      </p>
      <TextField
        className="field"
        label="Keep cloud conversations (days)"
        hint="Days after a conversation's last message; empty keeps them forever."
        type="number"
        inputMode="numeric"
        min={retentionLimits.minConversationDays}
        max={retentionLimits.maxConversationDays}
        step={1}
        placeholder="Forever"
        value={value.conversationDays === null ? '' : String(value.conversationDays)}
        onChange={(text) => set({ conversationDays: countOfText(text) })}
      />
      <TextField
        className="field"
        label="Keep chat stream replays (hours)"
        hint="How long an answer can be picked up again after a reload; empty keeps the default of 10 minutes."
        type="number"
        inputMode="numeric"
        min={retentionLimits.minStreamReplayHours}
        max={retentionLimits.maxStreamReplayHours}
        step={1}
        placeholder="10 minutes"
        value={value.streamReplayHours === null ? '' : String(value.streamReplayHours)}
        onChange={(text) => set({ streamReplayHours: countOfText(text) })}
      />
      <ListField
        label="Legal hold: users"
        hint="One email a line; their conversations are never expired."
        list={value.legalHoldUsers}
        onChange={(legalHoldUsers) => set({ legalHoldUsers })}
      />
      <ListField
        label="Legal hold: Amplify groups"
        hint="One group name a line; their members' conversations are never expired."
        list={value.legalHoldGroups}
        onChange={(legalHoldGroups) => set({ legalHoldGroups })}
      />
    </ConfigCard>
  );
}
