import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressionBuilderDialog, type BuilderSubject, type BuilderValues } from './expression-builder-dialog';
import { realExpressionFields } from './test-fields';

afterEach(cleanup);

const fields = realExpressionFields();

function open(subject: BuilderSubject, initial: BuilderValues) {
  const onSave = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <ExpressionBuilderDialog
        subject={subject}
        baseFields={fields}
        initial={initial}
        onSave={onSave}
        onClose={vi.fn()}
      />
    </ChakraProvider>,
  );
  return onSave;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const expressionOf = (type: string) => screen.getByTestId(`${type}-expression`).textContent;

// Rendering the builder (react-querybuilder, Chakra dialogs) takes seconds in happy-dom on the shared machine.
describe('expression builder screen', { timeout: 30_000 }, () => {
  it('opens an existing promotion as trees and saves them back unchanged', async () => {
    const onSave = open('promotion', {
      EligibleExpression: 'order.Subtotal > 200',
      ValueExpression: 'min(order.Subtotal * .2, 100)',
      LineItemLevel: false,
    });
    expect(screen.getByRole('heading', { name: 'Promotion Expression Builder' })).toBeTruthy();
    expect(expressionOf('Eligible')).toBe('order.Subtotal > 200');
    expect(expressionOf('Value')).toBe('min(order.Subtotal * 0.2, 100)');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith({
      EligibleExpression: 'order.Subtotal > 200',
      ValueExpression: 'min(order.Subtotal * 0.2, 100)',
      LineItemLevel: false,
    });
  });

  it('shows the spec message at the rule and keeps Save disabled for a line item field outside items', async () => {
    open('promotion', { EligibleExpression: "item.Product.ID = 'p1'", ValueExpression: '5', LineItemLevel: false });
    const eligible = screen.getByRole('region', { name: 'Eligible Expression' });
    expect(
      within(eligible).getByText(
        'LineItems, Products, Variants, and ShippingAddresses must use the line item group operators OR promotion must be set to line item level',
      ),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Line Item Level' }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('refuses a third rule in a Min group (Add Rule disabled at two)', () => {
    open('promotion', { EligibleExpression: 'order.Subtotal > 1', ValueExpression: 'min(order.Subtotal, 20)' });
    const value = screen.getByRole('region', { name: 'Value Expression' });
    const addRules = within(value).getAllByRole('button', { name: 'Add Rule' }) as HTMLButtonElement[];
    // The root group, then the min group.
    expect(addRules.map((button) => button.disabled)).toEqual([false, true]);
  });

  it('opens what the builder cannot show as text with live validation, never dropped', async () => {
    const onSave = open('sellerApprovalRule', { RuleExpression: 'Order.DateSubmitted < now(-30)' });
    expect(screen.getByRole('heading', { name: 'Approval Rule Expression Builder' })).toBeTruthy();
    expect(screen.getByText('The query builder cannot show this expression; edit it as text.')).toBeTruthy();
    const text = screen.getByRole('textbox', { name: 'Rule Expression text' }) as HTMLTextAreaElement;
    expect(text.value).toBe('Order.DateSubmitted < now(-30)');
    fireEvent.change(text, { target: { value: 'Order.DateSubmitted < ' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByText(/position/)).toBeTruthy();
    fireEvent.change(text, { target: { value: 'order.Total > 5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Edit visually' }));
    expect(expressionOf('Rule')).toBe('order.Total > 5');
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith({ RuleExpression: 'order.Total > 5' });
  });

  it('fills the queries from a recipe after Enter details for recipe, percent divided by 100', async () => {
    const onSave = open('promotion', { EligibleExpression: '', ValueExpression: '' });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Recipe' }), { target: { value: 'percent-off-category' } });
    const dialog = await screen.findByRole('dialog', { name: 'Enter details for recipe' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Percent discount/ }), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Category ID/ }), { target: { value: 'tents' } });
    fireEvent.click(apply);
    await waitFor(() => expect(expressionOf('Value')).toBe('item.LineSubtotal * 0.15'));
    expect(expressionOf('Eligible')).toBe("item.Product.incategory('tents')");
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith({
      EligibleExpression: "item.Product.incategory('tents')",
      ValueExpression: 'item.LineSubtotal * 0.15',
      LineItemLevel: true,
    });
  });
  it('asks before a recipe replaces expressions already built; Cancel keeps them', async () => {
    open('promotion', { EligibleExpression: 'order.Subtotal > 200', ValueExpression: '' });
    const recipe = () => screen.getByRole('combobox', { name: 'Recipe' });
    fireEvent.change(recipe(), { target: { value: 'free-shipping' } });
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the current expression?' });
    // Only the Eligible expression has content; the empty Value expression is not mentioned.
    expect(
      within(confirm).getByText('The recipe ‘Free shipping over $X’ replaces the Eligible Expression you have now.'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Enter details for recipe' })).toBeNull();
    expect(expressionOf('Eligible')).toBe('order.Subtotal > 200');

    fireEvent.change(recipe(), { target: { value: 'free-shipping' } });
    const again = await screen.findByRole('alertdialog', { name: 'Replace the current expression?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Replace' }));
    const details = await screen.findByRole('dialog', { name: 'Enter details for recipe' });
    fireEvent.change(within(details).getByRole('spinbutton', { name: /Order minimum/ }), { target: { value: '75' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(expressionOf('Eligible')).toBe('order.Subtotal > 75'));
    expect(expressionOf('Value')).toBe('order.ShippingCost');
  });

  it('adds an extended property through Add XP (Add disabled until a path is typed) and Reset clears', async () => {
    open('approvalRule', { RuleExpression: 'order.Total > 5' });
    fireEvent.click(screen.getByRole('button', { name: 'Add XP (Extended Property)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add XP (Extended Property)' });
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Model' }), { target: { value: 'User' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Property path/ }), { target: { value: 'Tier' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add XP (Extended Property)' })).toBeNull());
    const rule = await screen.findByRole('region', { name: 'Rule Expression' });
    const fieldSelects = within(rule).getAllByRole('combobox', { name: 'Field' }) as HTMLSelectElement[];
    expect(fieldSelects.map((select) => select.value)).toEqual(['Order.Total', 'Order.FromUser.xp.Tier']);
    // Every operator for an extended property; the new rule still needs its value.
    const operators = within(rule).getAllByRole('combobox', { name: 'Operator' })[1] as HTMLSelectElement;
    expect(operators.options).toHaveLength(19);
    expect(within(rule).getByText('Rule must have a value')).toBeTruthy();
    fireEvent.change(within(rule).getAllByRole('textbox', { name: 'Value' }).at(-1) as HTMLElement, {
      target: { value: 'gold' },
    });
    await waitFor(() => expect(expressionOf('Rule')).toBe("order.Total > 5 and order.FromUser.xp.Tier = 'gold'"));
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(expressionOf('Rule')).toBe('—');
    expect(within(rule).getByText('Groups must have at least one rule')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});
