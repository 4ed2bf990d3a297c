import {
  Button,
  choicesFor,
  labelledChoices,
  SelectField,
  Stack,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { FREQUENCIES, INTEREST_TYPES, type InterestType } from '../_shared/interest/choices';
import { INTEREST_TYPE_LABELS, InterestDetails, InterestFields } from '../_shared/interest/interest-view';
import type { InterestOutput } from './compute';

const initial = {
  type: 'simple-interest' as string,
  principal: '' as string | number,
  rate: '' as string | number,
  time: '' as string | number,
  frequency: 'annually',
};

const TYPE_OPTIONS = labelledChoices(INTEREST_TYPES, INTEREST_TYPE_LABELS);

const isInterestType = (x: string): x is InterestType => (INTEREST_TYPES as readonly string[]).includes(x);

export default function InterestCalculatorView() {
  const form = useToolForm<typeof initial, InterestOutput>({
    initial,
    choices: { type: INTEREST_TYPES, frequency: FREQUENCIES },
  });
  // A value naming no type (a link's is ignored, so none set by hand) shows the first type's fields.
  const type = isInterestType(form.values.type) ? form.values.type : 'simple-interest';
  return (
    <form {...form.formProps}>
      <Stack>
        <SelectField
          label="Calculation"
          data={choicesFor(TYPE_OPTIONS, form.values.type)}
          {...form.field('type')}
        />
        <InterestFields type={type} field={form.field} />
        <Button type="submit" busy={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text}>
        <InterestDetails result={form.result} />
      </ToolOutcome>
    </form>
  );
}
