import { describe, expect, it } from 'vitest';
import { adminMessages, platformMessages, projectionMessages } from '@app/contracts';
import { buildUpdateRequest, summariseSave } from './save-plan';

describe('buildUpdateRequest', () => {
  it('sends each changed section with the version it was loaded at', () => {
    expect(
      buildUpdateRequest([
        { type: 'admins', data: ['a@x.org'], meta: { version: 3, changedBy: null, changedAt: null } },
        { type: 'featureFlags', data: {}, meta: null },
      ]),
    ).toEqual({
      configurations: [
        { type: 'admins', data: ['a@x.org'], version: 3 },
        { type: 'featureFlags', data: {} },
      ],
    });
  });
});

describe('summariseSave', () => {
  it('all saved: the success toast', () => {
    const outcome = summariseSave(['admins'], {
      success: true,
      data: { admins: { success: true, version: 4 } },
      position: '9',
    });
    expect(outcome.saved).toEqual([{ type: 'admins', version: 4 }]);
    expect(outcome.failed).toEqual([]);
    expect(outcome.toast).toEqual({ tone: 'success', message: adminMessages.saved });
  });

  it('a failed section keeps the server words and is named in the toast', () => {
    const outcome = summariseSave(['admins', 'featureFlags'], {
      success: false,
      data: {
        admins: { success: false, reason: 'invalid', message: platformMessages.lastAdmin },
        featureFlags: { success: true, version: 2 },
      },
      position: '9',
    });
    expect(outcome.saved).toEqual([{ type: 'featureFlags', version: 2 }]);
    expect(outcome.failed).toEqual([{ type: 'admins', message: platformMessages.lastAdmin }]);
    expect(outcome.toast).toEqual({ tone: 'error', message: adminMessages.partialSaveFailed(['Admins']) });
  });

  it('collects the notes of saved sections (e.g. a model removed for having no endpoints)', () => {
    const note = adminMessages.openAiModelRemoved('modelid');
    const outcome = summariseSave(['openaiEndpoints'], {
      success: true,
      data: { openaiEndpoints: { success: true, version: 3, notes: [note], message: note } },
      position: '9',
    });
    expect(outcome.notes).toEqual([note]);
    expect(outcome.toast).toEqual({ tone: 'success', message: adminMessages.saved });
  });

  it('saved but not yet shown (a projection set an event aside): the notice names that section', () => {
    const outcome = summariseSave(['emailSupport', 'featureFlags'], {
      success: true,
      data: { emailSupport: { success: true, version: 3 }, featureFlags: { success: true, version: 2 } },
      position: '9',
      projected: false,
      notProjected: [
        {
          section: 'emailSupport',
          position: '8',
          eventType: 'SupportEmailActivated',
          projection: 'emailSupport',
        },
      ],
    });
    expect(outcome.saved).toHaveLength(2);
    expect(outcome.toast).toEqual({
      tone: 'info',
      message: projectionMessages.savedNotShown(['Support Email']),
    });
  });

  it('saved but the wait for the read models ran out: the notice names every section saved', () => {
    const outcome = summariseSave(['admins'], {
      success: true,
      data: { admins: { success: true, version: 4 } },
      position: '9',
      projected: false,
    });
    expect(outcome.toast).toEqual({ tone: 'info', message: 'Saved, but not yet shown: Admins.' });
  });

  it('a section the server did not answer for counts as failed', () => {
    const outcome = summariseSave(['featureFlags'], { success: false, data: {}, position: '0' });
    expect(outcome.failed).toEqual([{ type: 'featureFlags', message: adminMessages.saveFailed }]);
  });
});
