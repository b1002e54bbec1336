import { Alert, Box, Button, Field, Heading, Input, Stack, Switch } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ApiOperation } from '@/description/api-model';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues, toRequestBody, type FormValues } from '@/forms/normalize';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SchemaForm } from '@/forms/schema-form';
import {
  INSUFFICIENT_ROUTE_PARAMS,
  MISSING_REQUIRED_PARAMETERS,
  missingPathParams,
  type ConsoleRequestInput,
} from './lib/request-url';
import { JsonBodyEditor } from './json-body-editor';
import { ListQueryFields } from './list-query-fields';
import { useSendRefusal } from './operation-access';
import {
  EMPTY_QUERY_DRAFT,
  isListOperation,
  LIST_PARAM_NAMES,
  missingQueryParams,
  toConsoleQuery,
  type QueryDraft,
  type RequestDraft,
} from './query-draft';

export interface RequestFormProps {
  readonly operation: ApiOperation;
  readonly jsonMode: boolean;
  readonly onJsonModeChange: (jsonMode: boolean) => void;
  readonly sending: boolean;
  readonly onSend: (input: ConsoleRequestInput, body: unknown, draft: RequestDraft) => void;
  /** A logged request to start from ('Edit request'); the form starts empty without it. */
  readonly initialDraft?: RequestDraft | undefined;
}

/**
 * The request form of one operation (spec §2): path parameters, query parameters (the list conventions for list
 * operations), and the body through the form engine or as JSON. Mount it with a key that changes with the operation and with
 * the draft it starts from.
 */
export function RequestForm(props: RequestFormProps) {
  const { operation, jsonMode, onJsonModeChange, sending, onSend, initialDraft } = props;
  const [pathParams, setPathParams] = useState<Record<string, string>>(() => ({ ...initialDraft?.pathParams }));
  const [draft, setDraft] = useState<QueryDraft>(initialDraft?.query ?? EMPTY_QUERY_DRAFT);
  const [jsonBody, setJsonBody] = useState<unknown>(initialDraft?.body ?? {});
  const [problem, setProblem] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const accessRefusal = useSendRefusal(operation);
  // A refused send names what is missing above the form; focus goes there, not left on Send below it.
  const problemAlert = useRef<HTMLDivElement>(null);
  const [problemShown, setProblemShown] = useState(0);
  useEffect(() => {
    if (problemShown > 0) problemAlert.current?.focus();
  }, [problemShown]);
  const body = operation.requestBody;
  const fields = useMemo(
    () => (body ? buildFieldModel(body.schema, { required: body.requiredFields, mode: 'create' }) : []),
    [body],
  );
  const formMode = body !== null && !jsonMode;
  // Switching between the form and JSON carries the body across, so nothing typed is lost either way.
  const [formDefaults, setFormDefaults] = useState<FormValues>(() => toFormValues(fields, initialDraft?.body));
  const formValues = useRef<FormValues>(formDefaults);
  const switchMode = (toJson: boolean) => {
    if (toJson) {
      setJsonBody(toRequestBody(fields, formValues.current));
    } else {
      formValues.current = toFormValues(fields, jsonBody);
      setFormDefaults(formValues.current);
    }
    onJsonModeChange(toJson);
  };
  const rememberValues = useCallback((values: FormValues) => {
    formValues.current = values;
  }, []);
  const otherParams = operation.queryParams.filter(
    (param) => !isListOperation(operation) || !LIST_PARAM_NAMES.has(param.name),
  );

  const send = (requestBody: unknown) => {
    if (accessRefusal) return;
    const refusal =
      missingPathParams(operation, pathParams).length > 0
        ? INSUFFICIENT_ROUTE_PARAMS
        : missingQueryParams(operation, draft).length > 0
          ? MISSING_REQUIRED_PARAMETERS
          : null;
    if (refusal) {
      setProblem(refusal);
      setProblemShown((count) => count + 1);
      return;
    }
    setProblem(null);
    const sentBody = body === null ? undefined : requestBody;
    onSend({ pathParams, query: toConsoleQuery(draft) }, sentBody, { pathParams, query: draft, body: sentBody });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (formMode) root.current?.querySelector('form')?.requestSubmit();
    else send(jsonBody);
  };

  return (
    <Stack gap="4" ref={root} onKeyDown={onKeyDown}>
      {operation.pathParams.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Path parameters
          </Heading>
          {operation.pathParams.map((param) => (
            <Field.Root key={param.name} required>
              <Field.Label>
                {param.name}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                value={pathParams[param.name] ?? ''}
                onChange={(event) => setPathParams({ ...pathParams, [param.name]: event.target.value })}
              />
            </Field.Root>
          ))}
        </Stack>
      )}
      {(isListOperation(operation) || otherParams.length > 0) && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Query parameters
          </Heading>
          {isListOperation(operation) && <ListQueryFields operation={operation} draft={draft} onChange={setDraft} />}
          {otherParams.map((param) => (
            <Field.Root key={param.name} required={param.required}>
              <Field.Label>
                {param.name}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                value={draft.params[param.name] ?? ''}
                onChange={(event) =>
                  setDraft({ ...draft, params: { ...draft.params, [param.name]: event.target.value } })
                }
              />
            </Field.Root>
          ))}
        </Stack>
      )}
      {accessRefusal && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{accessRefusal}</Alert.Title>
        </Alert.Root>
      )}
      {problem && (
        <Alert.Root status="error" ref={problemAlert} tabIndex={-1}>
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {body !== null && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Body
          </Heading>
          <Switch.Root checked={jsonMode} onCheckedChange={(details) => switchMode(details.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>JSON mode</Switch.Label>
          </Switch.Root>
        </Stack>
      )}
      {formMode ? (
        // ID pickers read parent ids (buyerID, catalogID, ...) from the path parameters typed above.
        <PickerScope ownerResourceId={operation.resourceId} params={pathParams}>
          <SchemaForm
            fields={fields}
            defaultValues={formDefaults}
            onValuesChange={rememberValues}
            submitLabel="Send"
            submitDisabled={accessRefusal !== null}
            onSubmit={(values) => send(values)}
          />
        </PickerScope>
      ) : (
        <Box>
          {body !== null && <JsonBodyEditor value={jsonBody} onChange={setJsonBody} />}
          <Button mt="4" loading={sending} disabled={accessRefusal !== null} onClick={() => send(jsonBody)}>
            Send
          </Button>
        </Box>
      )}
    </Stack>
  );
}
