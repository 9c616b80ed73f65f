import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { chosenAssistantAtom } from '../../assistants';
import { activeConversationIdAtom, userEmailAtom } from '../../state/active-conversation';
import { chosenModelIdAtom, modelOptionsAtom } from '../../state/models';
import { pushToastAtom } from '../../state/toasts';
import { availableModelsAtom } from '../../state/user-config';
import { activeConversationAtom, serverConversationsAtom } from '../state/conversations';
import { pickerChoiceFor } from './picker-memory';
import { knownSettingsAtom, pendingCloudSettingsAtom, savePendingCloudSettingsAtom } from './settings-state';
import { readLocalSettings } from './settings-store';

/**
 * A conversation opened again shows its model and assistant in the pickers, once each time it is
 * opened (the user may pick others afterwards); a conversation started in this tab keeps what the
 * pickers show. The server lists each conversation's latest model and assistant.
 */
function useConversationPickers() {
  const id = useAtomValue(activeConversationIdAtom);
  const server = useAtomValue(serverConversationsAtom);
  const models = useAtomValue(availableModelsAtom);
  const options = useAtomValue(modelOptionsAtom);
  const chooseModel = useSetAtom(chosenModelIdAtom);
  const chooseAssistant = useSetAtom(chosenAssistantAtom);
  const toast = useSetAtom(pushToastAtom);
  // The conversation the pickers were last set for (or left alone for: one started here).
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (id === null) {
      applied.current = null;
      return;
    }
    if (applied.current === id || server === null || models === null) return;
    applied.current = id;
    const summary = server.find((c) => c.id === id);
    const choice = pickerChoiceFor(
      summary,
      options.map((o) => o.model.id),
      // The assistants offered are the picker's to know: one no longer offered shows as it does there.
      null,
    );
    if (choice.modelId !== null) chooseModel(choice.modelId);
    if (choice.assistantId !== null) chooseAssistant(choice.assistantId);
    if (choice.note !== null) toast({ tone: 'info', message: choice.note });
  }, [id, server, models, options, chooseModel, chooseAssistant, toast]);
}

/** A local conversation's settings are read from this browser when it is opened. */
function useLocalSettings() {
  const shown = useAtomValue(activeConversationAtom);
  const email = useAtomValue(userEmailAtom);
  const setKnown = useSetAtom(knownSettingsAtom);
  const id = shown?.storage === 'future-local' ? shown.id : null;

  useEffect(() => {
    if (id === null) return;
    let current = true;
    void readLocalSettings(email, id).then((settings) => {
      if (current && settings !== null)
        setKnown((known) => (known[id] ? known : { ...known, [id]: settings }));
    });
    return () => {
      current = false;
    };
  }, [id, email, setKnown]);
}

/** New cloud conversations' settings go to the server once it lists them. */
function usePendingCloudSettings() {
  const server = useAtomValue(serverConversationsAtom);
  const pending = useAtomValue(pendingCloudSettingsAtom);
  const savePending = useSetAtom(savePendingCloudSettingsAtom);
  useEffect(() => {
    if (server !== null && Object.keys(pending).length > 0) void savePending();
  }, [server, pending, savePending]);
}

/** What the conversation remembers, brought back when it is opened: pickers, settings. Mount once. */
export function useConversationMemory() {
  useConversationPickers();
  useLocalSettings();
  usePendingCloudSettings();
}
