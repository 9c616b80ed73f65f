import { describe, expect, it } from 'vitest';
import { collapsedFileName, featureDataMessages, fileTypeRefusal } from '@app/contracts';
import { nextTemplateProgress } from './template-progress';

describe('the PowerPoint upload progress', () => {
  it('advances 5 percent a step and stays below 100 until the upload is done', () => {
    expect(nextTemplateProgress(0)).toBe(5);
    expect(nextTemplateProgress(90)).toBe(95);
    expect(nextTemplateProgress(95)).toBe(95);
  });
});

describe('Feature Data file rules', () => {
  it('collapses runs of spaces and underscores into one underscore', () => {
    expect(collapsedFileName('Quarterly  __ Review_ _deck.pptx')).toBe('Quarterly_Review_deck.pptx');
  });
  it('refuses a type the upload does not take with the spec message', () => {
    expect(fileTypeRefusal('pptx', 'deck.ppt')).toBe(featureDataMessages.fileTypeNotSupported(['pptx']));
    expect(fileTypeRefusal('pptx', 'deck.PPTX')).toBeNull();
    expect(fileTypeRefusal('disclosure', 'terms')).toBe(
      'This file type is not supported. Please upload a file of type: pdf',
    );
    expect(fileTypeRefusal('apiDocs', 'collection.json')).toBeNull();
  });
});
