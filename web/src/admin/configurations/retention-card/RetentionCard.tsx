import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { retentionCardMessages, retentionLimits, type RetentionSection } from '@app/contracts';
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

/** A whole number typed (days or hours); empty is null (forever, or the default). */
function CountField(props: {
  label: string;
  hint: string;
  placeholder: string;
  min: number;
  max: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { value, onChange, ...field } = props;
  return (
    <TextField
      className="field"
      type="number"
      inputMode="numeric"
      step={1}
      {...field}
      value={value === null ? '' : String(value)}
      onChange={(text) => onChange(countOfText(text))}
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
  const m = retentionCardMessages;
  return (
    <ConfigCard section="retention">
      <p className="muted card-lead">{m.lead}</p>
      <CountField
        label={m.conversationDaysLabel}
        hint={m.conversationDaysHint}
        placeholder={m.conversationDaysPlaceholder}
        min={retentionLimits.minConversationDays}
        max={retentionLimits.maxConversationDays}
        value={value.conversationDays}
        onChange={(conversationDays) => set({ conversationDays })}
      />
      <CountField
        label={m.streamReplayHoursLabel}
        hint={m.streamReplayHoursHint}
        placeholder={m.streamReplayHoursPlaceholder}
        min={retentionLimits.minStreamReplayHours}
        max={retentionLimits.maxStreamReplayHours}
        value={value.streamReplayHours}
        onChange={(streamReplayHours) => set({ streamReplayHours })}
      />
      <ListField
        label={m.heldUsersLabel}
        hint={m.heldUsersHint}
        list={value.legalHoldUsers}
        onChange={(legalHoldUsers) => set({ legalHoldUsers })}
      />
      <ListField
        label={m.heldGroupsLabel}
        hint={m.heldGroupsHint}
        list={value.legalHoldGroups}
        onChange={(legalHoldGroups) => set({ legalHoldGroups })}
      />
    </ConfigCard>
  );
}
