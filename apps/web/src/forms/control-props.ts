/** What a form control gets from the form: its value, how to change it, blur (validation runs then) and its name. */
export interface ControlProps {
  readonly value: unknown;
  readonly onChange: (value: string | boolean) => void;
  readonly onBlur: () => void;
  readonly name: string;
}
